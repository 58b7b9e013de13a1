// The two-factor and re-authentication rules with no I/O (docs/decisions/121).
import { describe, expect, it } from "vitest";
import { decideAccess, decideAccessBeforeTwoFactor, type RoleId } from "~/domain/access";
import {
  classifySecondFactor,
  formatReauthWindow,
  formatRecoveryCode,
  isRecentlyAuthenticated,
  mustEnrolTwoFactor,
  normaliseRecoveryCode,
} from "~/domain/two-factor";
import { needsRecentSignIn } from "~/domain/user-admin";

describe("who must use two-factor sign-in", () => {
  it("roles 1 and 2 until they have set it up; roles 3 and 4 never", () => {
    const on = new Date();
    expect(mustEnrolTwoFactor({ roleId: 1, totpEnabledAt: null })).toBe(true);
    expect(mustEnrolTwoFactor({ roleId: 2, totpEnabledAt: null })).toBe(true);
    expect(mustEnrolTwoFactor({ roleId: 1, totpEnabledAt: on })).toBe(false);
    expect(mustEnrolTwoFactor({ roleId: 3, totpEnabledAt: null })).toBe(false);
    expect(mustEnrolTwoFactor({ roleId: 4, totpEnabledAt: null })).toBe(false);
  });

  it("before it is set up: the set-up page and the public paths; every other allowed path sends there; refusals stay the table's", () => {
    for (const role of [1, 2] as RoleId[]) {
      expect(decideAccessBeforeTwoFactor(role, "/settings/two-factor")).toEqual({ kind: "allow" });
      expect(decideAccessBeforeTwoFactor(role, "/logout")).toEqual({ kind: "allow" });
      expect(decideAccessBeforeTwoFactor(role, "/preferences")).toEqual({ kind: "allow" });
      expect(decideAccessBeforeTwoFactor(role, "/login/two-factor")).toEqual({ kind: "allow" });
      expect(decideAccessBeforeTwoFactor(role, "/dashboard")).toEqual({ kind: "redirect", to: "/settings/two-factor" });
      expect(decideAccessBeforeTwoFactor(role, "/users/5/edit")).toEqual({ kind: "redirect", to: "/settings/two-factor" });
      expect(decideAccessBeforeTwoFactor(role, "/reauth")).toEqual({ kind: "redirect", to: "/settings/two-factor" });
      expect(decideAccessBeforeTwoFactor(role, "/no-such-page")).toEqual(decideAccess(role, "/no-such-page"));
    }
    expect(decideAccessBeforeTwoFactor(2, "/Token")).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(decideAccessBeforeTwoFactor(1, "/Token")).toEqual({ kind: "redirect", to: "/settings/two-factor" });
  });

  it("the new pages are in the access table for every role; the second step is public", () => {
    for (const role of [1, 2, 3, 4] as RoleId[]) {
      expect(decideAccess(role, "/settings/two-factor").kind).toBe("allow");
      expect(decideAccess(role, "/reauth").kind).toBe("allow");
    }
    expect(decideAccess(null, "/login/two-factor").kind).toBe("allow");
    expect(decideAccess(null, "/settings/two-factor")).toEqual({ kind: "redirect", to: "/login" });
    expect(decideAccess(null, "/reauth")).toEqual({ kind: "redirect", to: "/login" });
  });
});

describe("codes", () => {
  it("tells a 6-digit code from a recovery code and from neither", () => {
    expect(classifySecondFactor("123456")).toEqual({ kind: "totp", code: "123456" });
    expect(classifySecondFactor(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(classifySecondFactor("abcd-efgh-ijkl-mnop")).toEqual({ kind: "recovery", code: "abcdefghijklmnop" });
    expect(classifySecondFactor("ABCD EFGH IJKL MNOP")).toEqual({ kind: "recovery", code: "abcdefghijklmnop" });
    for (const typed of ["", "12345", "1234567", "abcd-efgh-ijkl-mno", "abcd-efgh-ijkl-mnop1", "abcd-efgh-ijkl-mn0p", "abcd-efgh-ijkl-mnopq", "' or 1=1 --"]) {
      expect(classifySecondFactor(typed), typed).toEqual({ kind: "malformed" });
    }
  });

  it("recovery codes: 16 characters of base32 in groups of four, every character reachable", () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 16 + i);
    const code = formatRecoveryCode(bytes);
    expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(normaliseRecoveryCode(code)).toHaveLength(16);
    expect(classifySecondFactor(code)).toEqual({ kind: "recovery", code: normaliseRecoveryCode(code) });
    const seen = new Set(formatRecoveryCode(Uint8Array.from({ length: 32 }, (_, i) => i)).replaceAll("-", ""));
    expect(seen.size).toBe(16);
    expect(formatRecoveryCode(Uint8Array.from({ length: 16 }, () => 255))).toBe("7777-7777-7777-7777");
    expect(() => formatRecoveryCode(new Uint8Array(15))).toThrow(RangeError);
  });
});

describe("re-authentication", () => {
  const now = new Date("2026-03-02T10:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it("a sign-in counts as recent for the window, not a second more", () => {
    expect(isRecentlyAuthenticated(ago(0), now, 300)).toBe(true);
    expect(isRecentlyAuthenticated(ago(300), now, 300)).toBe(true);
    expect(isRecentlyAuthenticated(ago(301), now, 300)).toBe(false);
    expect(isRecentlyAuthenticated(ago(3600), now, 300)).toBe(false);
    // A database clock a little ahead is not a reason to refuse; far in the future is suspect.
    expect(isRecentlyAuthenticated(ago(-30), now, 300)).toBe(true);
    expect(isRecentlyAuthenticated(ago(-3600), now, 300)).toBe(false);
  });

  it("names the window in the message's words", () => {
    expect(formatReauthWindow(300)).toBe("5 minutes");
    expect(formatReauthWindow(60)).toBe("1 minute");
    expect(formatReauthWindow(8)).toBe("8 seconds");
    expect(formatReauthWindow(90)).toBe("90 seconds");
  });

  it("needs it to create an admin or change a role, not for other writes", () => {
    expect(needsRecentSignIn({ kind: "create", newRole: 1 })).toBe(true);
    for (const role of [2, 3, 4] as RoleId[]) expect(needsRecentSignIn({ kind: "create", newRole: role })).toBe(false);
    expect(needsRecentSignIn({ kind: "update", currentRole: 4, newRole: 3 })).toBe(true);
    expect(needsRecentSignIn({ kind: "update", currentRole: 2, newRole: 1 })).toBe(true);
    expect(needsRecentSignIn({ kind: "update", currentRole: 1, newRole: 1 })).toBe(false);
    expect(needsRecentSignIn({ kind: "status", currentRole: 1 })).toBe(false);
    expect(needsRecentSignIn({ kind: "delete", currentRole: 1 })).toBe(false);
  });
});
