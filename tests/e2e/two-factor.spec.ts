// Two-factor sign-in and re-authentication without JavaScript (docs/decisions/121): the admin
// creating an admin confirms it is them first; the new admin must set up two-factor sign-in
// before anything else, does so from the key shown as text, signs out, and signs in with a
// code and then with a recovery code. Each test makes its own admin (tests/e2e/support.ts): the
// first one's session was signed in 80 seconds ago, past the test server's 20-second
// REAUTH_WINDOW_SECONDS (playwright.config.ts), so its sign-in is stale from the start.
import { expect, test, type Page } from "@playwright/test";
import { answerWithTotp, confirmTwoFactorSetup, createUser, enterTwoFactorCode, fillNewUser, leftOrRefused, signInAsNewUser, signOutThroughMenu, submitPassword } from "./support";

test.use({ javaScriptEnabled: false });

const REAUTH_WINDOW_SECONDS = 20;
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const formAdmin = { name: `E2E Admin ${tag}`, username: `e2eadmin${tag}`, email: `e2e.admin.${tag}@example.test`, password: "Quartz-Lantern-97-Orbit" };

function fillNewAdmin(page: Page) {
  return fillNewUser(page, { ...formAdmin, roleId: 1 });
}

test.describe("two-factor sign-in and re-authentication without JavaScript", () => {
  test("an admin creating an admin is asked to confirm it is them, then creates it", async ({ page }) => {
    test.setTimeout(150_000);
    // Its own admin, whose sign-in is older than the re-authentication window.
    const admin = await signInAsNewUser(page, { role: 1, label: "reauth", signedInSecondsAgo: REAUTH_WINDOW_SECONDS + 60 });
    await fillNewAdmin(page);
    await expect(page).toHaveURL(/\/reauth\?redirectTo=%2Fusers%2Fnew$/);
    await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("please confirm it is you");

    await answerWithTotp(admin.totpSecret!, admin.email, async (code) => {
      await page.getByLabel("Password").fill(admin.password);
      await page.getByLabel("Code").fill(code);
      await page.getByRole("button", { name: "Confirm" }).click();
      return leftOrRefused(page, "/reauth", page.getByRole("listitem").filter({ hasText: /code (has already been used|is not right)/ }));
    });
    await expect(page).toHaveURL(/\/users\/new$/);
    await expect(page.getByRole("status")).toContainText("You can continue");
    await fillNewAdmin(page);
    await expect(page.getByRole("status")).toContainText("User saved successfully");
  });

  test("the new admin must set up two-factor sign-in first, then signs in with a code and with a recovery code", async ({ page }) => {
    test.setTimeout(150_000);
    // A new admin of its own, without two-factor sign-in yet and not signed in.
    const newAdmin = await createUser(page, { role: 1, label: "enrol", twoFactor: false });
    await submitPassword(page, newAdmin.email, newAdmin.password);
    await expect(page).toHaveURL(/\/settings\/two-factor$/);
    await expect(page.getByRole("status")).toContainText("must use two-factor sign-in");
    // Nothing else opens before it is set up.
    await page.goto("/users");
    await expect(page).toHaveURL(/\/settings\/two-factor$/);

    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    // The key as text, for typing into an app by hand (and for screen readers).
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await confirmTwoFactorSetup(page, secret, newAdmin.email);
    const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    const recoveryCode = codes[0];

    await page.goto("/users");
    await expect(page).toHaveURL(/\/users$/);
    await signOutThroughMenu(page, newAdmin.name);

    // Signing in again: the password, then a code from the app.
    await submitPassword(page, newAdmin.email, newAdmin.password);
    await enterTwoFactorCode(page, secret, newAdmin.email, () => submitPassword(page, newAdmin.email, newAdmin.password));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Login successful: ");
    await signOutThroughMenu(page, newAdmin.name);

    // Without the phone: a recovery code, which works once.
    await submitPassword(page, newAdmin.email, newAdmin.password);
    await page.getByLabel("Code").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("recovery code");
    await signOutThroughMenu(page, newAdmin.name);
    await submitPassword(page, newAdmin.email, newAdmin.password);
    await page.getByLabel("Code").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("recovery code is not right or has already been used");
    await expect(page).toHaveURL(/\/login\/two-factor$/);
  });
});
