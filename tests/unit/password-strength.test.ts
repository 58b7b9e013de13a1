// Password strength (zxcvbn-ts in a worker thread): common, breached and personal passwords are
// refused with zxcvbn's own advice; a long random passphrase passes; the main thread stays free.
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { checkPasswordStrength } from "~/auth/password.server";
import { passwordUserInputs, WEAK_PASSWORD } from "~/auth/password-strength.server";

const asha = ["Asha Rao", "asha.rao@example.in", "asharao"];

describe("checkPasswordStrength", () => {
  it.each([
    ["password123", "This is a commonly used password."],
    ["demo12345", "similar to a commonly used password"],
    ["qwertyuiop", "This is a frequently used password."],
    ["s3cret-pass", "Avoid predictable letter substitutions"],
  ])("refuses %s, long enough for the old length rule, with zxcvbn's warning", async (password, warning) => {
    expect(password.length).toBeGreaterThanOrEqual(8);
    const result = await checkPasswordStrength(password, asha);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.startsWith(WEAK_PASSWORD)).toBe(true);
    expect(result.message).toContain(warning);
    expect(result.message).toContain("Add more words that are less common.");
  });

  it("refuses the user's own email, name or username, and the site's name", async () => {
    for (const password of ["asha.rao@example.in", "AshaRao1990", "asharao-nse", "nsesignals2024"]) {
      const result = await checkPasswordStrength(password, asha);
      expect(result, password).toEqual({ ok: false, message: expect.stringContaining("personal or page related data") });
    }
  });

  it("accepts a long random passphrase, and judges the same password differently for another user", async () => {
    expect(await checkPasswordStrength("violet-anchor-mosaic-tundra", asha)).toEqual({ ok: true });
    expect(await checkPasswordStrength("Tundra mosaic 48 anchors", asha)).toEqual({ ok: true });
    // Asha's name and birth year are guessable for Asha's account, not for Vikram's.
    expect(await checkPasswordStrength("AshaRao@2024", ["Vikram Shah", "vikram@example.in", "vshah"])).toEqual({ ok: true });
    expect((await checkPasswordStrength("AshaRao@2024", asha)).ok).toBe(false);
  });

  it("answers many checks at once, each with its own verdict", async () => {
    const passwords = ["password123", "violet-anchor-mosaic-tundra", "qwertyuiop", "Tundra mosaic 48 anchors", "demo12345"];
    const results = await Promise.all(passwords.map((p) => checkPasswordStrength(p, asha)));
    expect(results.map((r) => r.ok)).toEqual([false, true, false, true, false]);
  });

  it("does the work off the main thread (symbol-heavy input costs zxcvbn tens of milliseconds)", async () => {
    await checkPasswordStrength("warm-up-the-worker", []);
    const heavy = Array.from({ length: 6 }, (_, i) => `${i}` + "aB3$4@1!".repeat(12));
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    await Promise.all(heavy.map((p) => checkPasswordStrength(p, [])));
    const elapsed = performance.now() - started;
    const used = performance.eventLoopUtilization(before);
    // Checked on the main thread this is ~1 (busy the whole time); from a worker it waits idle.
    expect(elapsed).toBeGreaterThan(20);
    expect(used.utilization).toBeLessThan(0.5);
  });
});

describe("passwordUserInputs", () => {
  it("adds each detail whole, joined up and in parts, and the site's words, lower-cased, skipping short and empty parts", () => {
    const inputs = passwordUserInputs(["Asha Rao", " Asha.Rao@Example.in ", "", "a_b"]);
    for (const word of ["asha rao", "asharao", "asha", "rao", "asharaoexamplein", "asha.rao@example.in", "example", "a_b", "nse", "nsesignals"]) expect(inputs).toContain(word);
    expect(inputs).not.toContain("in");
    expect(inputs).not.toContain("");
  });
});
