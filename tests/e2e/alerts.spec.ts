import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser, waitForHydration } from "./support";

// Issue 4's alert journeys: without JavaScript, every validation message and a created alert;
// the Alert link's ?symbol= prefills the form; with JavaScript, an alert fires from the
// simulated feed and its toast appears, and the bell's modal lists it.

const toast = (page: Page) => page.getByRole("status");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows each validation message, then creates an alert", async ({ page }) => {
    const name = `NoJS alert ${Date.now().toString(36)}`;
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/alert");
    await page.getByRole("link", { name: "+ Add Alert" }).click();
    await expect(page.getByRole("heading", { name: "Add Alert" })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    for (const message of [
      "Please enter a description",
      "Please enter a name",
      "Please select a symbol",
      "Please enter a price",
      "Please enter a viewType",
      "Please enter a condition",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    // Role 4 has no admin switches.
    await expect(page.getByRole("switch", { name: "Master Alert" })).toHaveCount(0);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Symbol").selectOption("NIFTY-I");
    await page.getByLabel("Price").fill("1000");
    await page.getByLabel("Condition").selectOption("Less than");
    await page.getByLabel("Notify in App").check();
    await page.getByLabel("Description").fill("Far below: never fires in the test");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Alert created successfully");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("NIFTY-I");
    await expect(row).toContainText("Less than");

    // Delete asks first (a page without JavaScript).
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText("Are you sure you want to delete the alert")).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Alert deleted successfully");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  });

  test("the Alert link of a symbol prefills the form", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/alert/new?symbol=BANKNIFTY-I");
    await expect(page.getByLabel("Symbol")).toHaveValue("BANKNIFTY-I");
    await expect(page.getByText("Last price of BANKNIFTY-I")).toBeVisible();
  });

  test("the notifications page", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  });
});

test("an alert fires from the live feed: its toast appears and the bell lists it", async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).toUpperCase();
  const name = `Live ${tag}`;
  await signInAsNewUser(page, { role: 1, goto: false });
  await page.goto("/alert");
  await expect(page.getByRole("switch", { name: /./ })).toHaveCount(0);
  await page.goto("/alert/new?symbol=NIFTY-I");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Add Alert" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Master Alert" })).toBeVisible();
  const priceHint = dialog.locator('[data-field="last-price"]');
  // Wait for a live tick to move the hint, then set the level at the live price.
  const first = await priceHint.getAttribute("data-value");
  await expect(priceHint).not.toHaveAttribute("data-value", first ?? "", { timeout: 20_000 });
  const live = Number(await priceHint.getAttribute("data-value"));
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Price").fill(live.toFixed(2));
  await dialog.getByLabel("Condition").selectOption("Equal to");
  await dialog.getByLabel("Notify in App").check();
  await dialog.getByLabel("Description").fill("Fires at the live price");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Alert created successfully");

  // A random walk may drift away from one level for a long while; a ladder of "Equal to"
  // levels around it (the same form action) makes a crossing within a few ticks certain.
  for (let k = 1; k <= 8; k++) {
    for (const sign of [1, -1]) {
      const level = (live + sign * k * 0.75).toFixed(2);
      const res = await page.request.post("/alert/new", {
        form: { name: `${name} ladder`, symbol: "NIFTY-I", price: level, condition: "Equal to", viewType: "Notify in App", description: "ladder" },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
      expect(res.headers()["location"]).toBe("/alert");
    }
  }
  const alertToast = page.getByRole("region", { name: "Alert notifications" }).locator("[data-alert-toast]").filter({ hasText: name });
  await expect(alertToast.first()).toBeVisible({ timeout: 60_000 });
  await expect(alertToast.first()).toContainText("NIFTY-I equal to");

  // The bell counts it; its modal lists it with the time.
  const bell = page.getByRole("link", { name: /Notifications: \d+ unread/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const modal = page.getByRole("dialog", { name: "Notifications" });
  await expect(modal.getByRole("columnheader", { name: "Time" })).toBeVisible();
  await expect(modal.getByRole("cell", { name: new RegExp(name) }).first()).toBeVisible();
});
