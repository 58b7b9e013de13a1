// Issue 23: the day's Kite session lapses at 06:00 IST the next morning; /Token warns an hour
// before; a login's state is the user's own and short-lived (app/domain/kite-session.ts).
import { describe, expect, it } from "vitest";
import { isValidKiteLoginState, kiteLoginState, kiteSessionExpiry, kiteSessionState, LOGIN_STATE_TTL_MS } from "~/domain/kite-session";

const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe("kiteSessionExpiry", () => {
  it("a login during the day lapses at 06:00 IST the next morning", () => {
    expect(kiteSessionExpiry(ist("2026-11-27T08:45:00"))).toBe(ist("2026-11-28T06:00:00"));
    expect(kiteSessionExpiry(ist("2026-11-27T23:59:59"))).toBe(ist("2026-11-28T06:00:00"));
  });

  it("a login before 06:00 IST lapses at 06:00 the same morning; at 06:00 exactly, the next", () => {
    expect(kiteSessionExpiry(ist("2026-11-27T05:59:00"))).toBe(ist("2026-11-27T06:00:00"));
    expect(kiteSessionExpiry(ist("2026-11-27T06:00:00"))).toBe(ist("2026-11-28T06:00:00"));
  });

  it("crosses a month end", () => {
    expect(kiteSessionExpiry(ist("2026-11-30T09:00:00"))).toBe(ist("2026-12-01T06:00:00"));
  });
});

describe("kiteSessionState", () => {
  const expiresAt = ist("2026-11-28T06:00:00");
  it("none, active, expiring within the hour, expired", () => {
    expect(kiteSessionState(null, expiresAt)).toEqual({ kind: "none" });
    expect(kiteSessionState(expiresAt, ist("2026-11-27T15:00:00"))).toEqual({ kind: "active", expiresAt });
    expect(kiteSessionState(expiresAt, ist("2026-11-28T05:00:00"))).toEqual({ kind: "expiring", expiresAt });
    expect(kiteSessionState(expiresAt, ist("2026-11-28T04:59:59"))).toEqual({ kind: "active", expiresAt });
    expect(kiteSessionState(expiresAt, expiresAt)).toEqual({ kind: "expired", expiredAt: expiresAt });
  });
});

describe("the login's state", () => {
  const secret = "s".repeat(32);
  const at = ist("2026-11-27T08:45:00");
  it("comes back valid for the user who started it, within ten minutes", () => {
    const state = kiteLoginState(secret, 7, at);
    expect(isValidKiteLoginState(secret, 7, state, at + 60_000)).toBe(true);
    expect(isValidKiteLoginState(secret, 7, state, at + LOGIN_STATE_TTL_MS + 1)).toBe(false);
  });
  it("is refused for another user, another secret, or when altered", () => {
    const state = kiteLoginState(secret, 7, at);
    expect(isValidKiteLoginState(secret, 8, state, at)).toBe(false);
    expect(isValidKiteLoginState("t".repeat(32), 7, state, at)).toBe(false);
    expect(isValidKiteLoginState(secret, 7, state.replace(/^\d+/, String(at + 1)), at)).toBe(false);
    expect(isValidKiteLoginState(secret, 7, "", at)).toBe(false);
    expect(isValidKiteLoginState(secret, 7, "abc.def", at)).toBe(false);
  });
});
