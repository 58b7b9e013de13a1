import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoAccount, recordStatusTexts, signInAsNewUser, signInThroughForm, statusShown } from "./support";

test.describe("sign-in with JavaScript", () => {
  for (const account of Object.keys(DEMO_ACCOUNTS) as DemoAccount[]) {
    test(`${account} signs in and lands on /dashboard`, async ({ page }) => {
      // The dashboard draws the chart and the watchlist: on a loaded 2-core machine it needs time.
      test.setTimeout(60_000);
      // The demo accounts through the forms (both steps for the admin and sub-admin): the sign-in
      // form and the demo accounts are what this journey tests.
      // The toast hides itself after 6 s, which a slow first render can outlast: every text the
      // status region shows is recorded from the first document on.
      await recordStatusTexts(page);
      await signInThroughForm(page, account);
      await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
      await statusShown(page, "Login successful: ");
      await expect(page.getByText(DEMO_ACCOUNTS[account].name, { exact: true }).first()).toBeVisible();
      // The top bar's index tickers are there.
      const tickers = page.getByRole("list", { name: "Index tickers" });
      await expect(tickers).toContainText("Nifty");
      await expect(tickers).toContainText("Bank Nifty");
      await expect(tickers).toContainText("Sensex");
    });
  }

  test("a wrong password shows its error and stays on /login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("employee@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("the sidebar shows a role only what it may reach", async ({ page }) => {
    await signInAsNewUser(page, { role: 4 });
    const sidebar = page.getByRole("navigation", { name: "Menu" });
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);
  });
});

test.describe("unknown and forbidden paths", () => {
  test("a role-4 user typing /users is sent to /login", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/users");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a role-2 user typing an unknown path is sent to /dashboard", async ({ page }) => {
    await signInAsNewUser(page, { role: 2, goto: false });
    await page.goto("/calendar");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("role 1 sees the not-found text", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Hmm...this page doesn't exist. Try searching for something else!")).toBeVisible();
  });

  test("a visitor is sent to /login", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
});
