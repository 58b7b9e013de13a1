// Sealing secrets at rest and masking them for display.
import { describe, expect, it } from "vitest";
import { deriveSecretKey, openSecret, sealSecret } from "~/auth/secret-box.server";
import { maskSecret } from "~/domain/mask";

describe("secret box", () => {
  const key = deriveSecretKey("a-session-secret-of-some-length");
  it("round-trips, with a fresh IV each time (no plain text in the sealed value)", () => {
    const a = sealSecret("api-secret-value-1234", key);
    const b = sealSecret("api-secret-value-1234", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("api-secret");
    expect(a.startsWith("v1.")).toBe(true);
    expect(openSecret(a, key)).toBe("api-secret-value-1234");
  });
  it("refuses another key, a tampered value and garbage", () => {
    const sealed = sealSecret("token", key);
    expect(openSecret(sealed, deriveSecretKey("another-session-secret-value"))).toBeNull();
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3], "base64url");
    flipped[0] ^= 1;
    expect(openSecret([parts[0], parts[1], parts[2], flipped.toString("base64url")].join("."), key)).toBeNull();
    expect(openSecret("nonsense", key)).toBeNull();
    expect(() => deriveSecretKey("short")).toThrow(RangeError);
  });
  it("masks to the last four characters", () => {
    expect(maskSecret("abcdefgh1234")).toBe("••••1234");
    expect(maskSecret("abc")).toBe("••••");
    expect(maskSecret("")).toBeNull();
    expect(maskSecret(null)).toBeNull();
  });
});
