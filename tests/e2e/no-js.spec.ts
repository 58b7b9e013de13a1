import { expect, test } from "@playwright/test";
import { signInThroughForm, signInAsNewUser, signOutThroughMenu } from "./support";

// The same journeys with JavaScript disabled: plain forms, server-rendered toasts.
test.use({ javaScriptEnabled: false });

test.describe("without JavaScript", () => {
  test("sign in, see the toast, sign out", async ({ page }) => {
    // The sign-in form itself is under test (its toast), with the demo employee.
    await signInThroughForm(page, "employee");
    await expect(page.getByRole("status")).toContainText("Login successful: ");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    // The user menu is a <details>: it opens without JavaScript.
    await signOutThroughMenu(page, "Employee");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password shows its error", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("customer@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("the theme switch works and is kept", async ({ page }) => {
    await signInAsNewUser(page, { role: 4 });
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/dark/);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).not.toHaveClass(/dark/);
  });

  test("the sidebar collapses and closes, and stays so", async ({ page }) => {
    await signInAsNewUser(page, { role: 1 });
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(page.locator("aside[data-expanded]")).toHaveAttribute("data-expanded", "false");
    await page.reload();
    await expect(page.locator("aside[data-expanded]")).toHaveAttribute("data-expanded", "false");
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await page.getByRole("button", { name: "Close sidebar" }).click();
    await expect(page.locator("aside[data-expanded]")).toBeHidden();
    await page.getByRole("button", { name: "Open sidebar" }).click();
    await expect(page.locator("aside[data-expanded]")).toHaveAttribute("data-expanded", "true");
  });
});
