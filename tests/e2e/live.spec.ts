import { expect, test } from "@playwright/test";
import { signInAsNewUser } from "./support";

test.describe("live prices with JavaScript", () => {
  test("the top bar's Nifty ticker changes without a reload, and the session survives", async ({ page }) => {
    await signInAsNewUser(page, { role: 3 });
    const close = page.getByRole("list", { name: "Index tickers" }).locator('[data-symbol="NIFTY-I"] [data-field="close"]');
    await expect(close).toHaveText(/^\d{1,2},\d{2},\d{3}\.\d{2}$|^\d{1,3}(,\d{2})*,\d{3}\.\d{2}$/);
    const first = await close.textContent();
    await expect.poll(async () => close.textContent(), { timeout: 10_000 }).not.toBe(first);
    // Still signed in after the page has been live for a while (no stray request ends it).
    await page.goto("/allRealTime");
    await expect(page).toHaveURL(/\/allRealTime$/);
  });

  test("/allRealTime updates a row live", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/allRealTime");
    const cell = page.locator('tr[data-symbol="BANKNIFTY-I"] [data-field="close"]');
    const first = await cell.textContent();
    await expect.poll(async () => cell.textContent(), { timeout: 10_000 }).not.toBe(first);
  });
});

test.describe("live prices without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/allRealTime renders prices and the Keys dialog on the server", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/allRealTime");
    await expect(page.getByRole("heading", { name: "Live Prices" })).toBeVisible();
    const row = page.locator('tr[data-symbol="NIFTY-I"]');
    await expect(row.locator('[data-field="close"]')).toHaveText(/\d,\d{3}\.\d{2}$/);
    for (const header of ["Symbol", "Open", "High", "Low", "Close", "Change", "Change Percentage", "Keys"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // A customer sees only its subscription.
    await expect(page.locator('tr[data-symbol="WIPRO"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Keys of NIFTY-I" }).click();
    const dialog = page.getByRole("dialog", { name: "Keys — NIFTY-I" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/No keys|BUY|SELL/).first()).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
