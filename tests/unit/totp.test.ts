// The TOTP check around otplib (docs/decisions/121): one step of drift either side, never a
// step already used, malformed codes refused, and the sealed state that carries the last step.
import { describe, expect, it } from "vitest";
import { deriveSecretKey } from "~/auth/secret-box.server";
import { checkTotp, newTotpSecret, openTotpState, sealTotpState, totpCodeAt, totpStep, totpUri } from "~/auth/totp.server";

// An RFC 6238 test vector secret would be too short for otplib's 16-byte minimum: a fixed one.
const SECRET = "JL63CCAHGVJEHD2BISFG5C3VRSRSBR34";
// 20 seconds into a step, so "one step later" and "one step earlier" are whole steps away.
const NOW = new Date(1_767_225_620_000);
const at = (steps: number) => new Date(NOW.getTime() + steps * 30_000);
const code = (steps: number) => totpCodeAt(SECRET, at(steps));
const fresh = { secret: SECRET, lastStep: null };

describe("checkTotp", () => {
  it("accepts the current code and names its step", async () => {
    expect(await checkTotp(fresh, await code(0), NOW)).toEqual({ ok: true, step: totpStep(NOW) });
  });

  it("accepts one step of drift either side, not two", async () => {
    expect(await checkTotp(fresh, await code(-1), NOW)).toEqual({ ok: true, step: totpStep(NOW) - 1 });
    expect(await checkTotp(fresh, await code(1), NOW)).toEqual({ ok: true, step: totpStep(NOW) + 1 });
    expect(await checkTotp(fresh, await code(-2), NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkTotp(fresh, await code(2), NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a code of the step already used, or of an earlier one, as reused", async () => {
    const used = { secret: SECRET, lastStep: totpStep(NOW) };
    expect(await checkTotp(used, await code(0), NOW)).toEqual({ ok: false, reason: "reused" });
    expect(await checkTotp(used, await code(-1), NOW)).toEqual({ ok: false, reason: "reused" });
    // The next step's code is still good (the app moves on while the clock drifts).
    expect(await checkTotp(used, await code(1), NOW)).toEqual({ ok: true, step: totpStep(NOW) + 1 });
    // Once the newest acceptable step is used, nothing is left until time moves on.
    const newest = { secret: SECRET, lastStep: totpStep(NOW) + 1 };
    expect(await checkTotp(newest, await code(1), NOW)).toEqual({ ok: false, reason: "reused" });
    expect(await checkTotp(newest, await code(0), NOW)).toEqual({ ok: false, reason: "reused" });
    expect(await checkTotp(newest, await code(1), at(2))).toEqual({ ok: false, reason: "reused" });
    expect(await checkTotp(newest, await code(2), at(2))).toEqual({ ok: true, step: totpStep(NOW) + 2 });
  });

  it("a wrong code is invalid, not reused, whatever the last step", async () => {
    const right = await code(0);
    const wrong = right === "000000" ? "111111" : "000000";
    expect(await checkTotp(fresh, wrong, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkTotp({ secret: SECRET, lastStep: totpStep(NOW) }, wrong, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses malformed codes without asking otplib (which would throw)", async () => {
    for (const typed of ["", "12345", "1234567", "12a456", " 123456", "１２３４５６", "123456\n"]) {
      expect(await checkTotp(fresh, typed, NOW)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("is the code an authenticator app shows: the same secret and time give the same code", async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await totpCodeAt(secret, NOW)).toMatch(/^\d{6}$/);
    expect(await checkTotp({ secret, lastStep: null }, await totpCodeAt(secret, NOW), NOW)).toMatchObject({ ok: true });
    expect(totpUri("a@example.test", secret)).toBe(`otpauth://totp/NSE%20Signals:a%40example.test?secret=${secret}&issuer=NSE%20Signals`);
  });
});

describe("the sealed TOTP state", () => {
  const key = deriveSecretKey("unit-test-secret-0123456789");
  it("round-trips the secret and the last step, and hides both", () => {
    const sealed = sealTotpState({ secret: SECRET, lastStep: 123 }, key);
    expect(sealed).not.toContain(SECRET);
    expect(openTotpState(sealed, key)).toEqual({ secret: SECRET, lastStep: 123 });
    expect(openTotpState(sealTotpState(fresh, key), key)).toEqual(fresh);
  });
  it("does not open with another key, altered, or as something else sealed", async () => {
    const sealed = sealTotpState(fresh, key);
    expect(openTotpState(sealed, deriveSecretKey("another-secret-0123456789"))).toBeNull();
    expect(openTotpState(sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA"), key)).toBeNull();
    const { sealSecret } = await import("~/auth/secret-box.server");
    expect(openTotpState(sealSecret("not json", key), key)).toBeNull();
    expect(openTotpState(sealSecret(JSON.stringify({ lastStep: 1 }), key), key)).toBeNull();
  });
});
