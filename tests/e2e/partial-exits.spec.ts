import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser, formRoot, showOwnTrades } from "./support";

// Partial exits (docs/decisions/171), with and without JavaScript: close part of a trade from
// the list's row action, see the realised / unrealised split and the exits' history, then close
// the rest from the trade's edit page; the exit dialog at phone width.
//
// Each journey finds its own trade by a quantity no other test uses (trades.spec.ts uses 100-999),
// in the list filtered to the admin's own trades, then by its id.

const toast = (page: Page) => page.getByRole("status");

async function journey(page: Page, js: boolean) {
  const quantity = (js ? 2000 : 3000) + Math.floor(Math.random() * 900);
  const admin = await signInAsNewUser(page, { role: 1, label: "exits", goto: false });
  await page.goto("/trades");
  await showOwnTrades(page, js, admin.username);
  await page.getByRole("link", { name: "+ Add" }).click();
  let form = formRoot(page, js);
  await form.getByLabel("Symbol").selectOption("NIFTY-I");
  await form.getByLabel("Trade Type").selectOption("BUY");
  await form.getByLabel("Buy Price").fill("24000");
  await form.getByLabel("Quantity").fill(String(quantity));
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page)).toContainText("Trade submitted successfully");
  const byQuantity = page.getByRole("row").filter({ has: page.getByRole("cell", { name: quantity.toLocaleString("en-IN"), exact: true }) });
  await expect(byQuantity).toHaveCount(1);
  const id = await byQuantity.getAttribute("data-trade-id");
  const row = page.locator(`tr[data-trade-id="${id}"]`);

  // Exit part, from the row action: too many units first (nothing changes), then 3 at 24,100.
  await row.getByRole("link", { name: `Exit part of trade #${id}` }).click();
  form = formRoot(page, js);
  await expect(form.getByRole("heading", { name: `Exit trade #${id}` })).toBeVisible();
  await form.getByLabel("Exit quantity").fill(String(quantity + 1));
  await form.getByLabel("Exit price").fill("24100");
  await form.getByRole("button", { name: "Record exit" }).click();
  await expect(form.getByText(`You can exit at most ${quantity} units (the open quantity)`)).toBeVisible();
  await expect(form.getByText("No exits yet.")).toBeVisible();
  await form.getByLabel("Exit quantity").fill("3");
  await form.getByLabel("Exit price").fill("24100");
  await form.getByRole("button", { name: "Record exit" }).click();
  await expect(toast(page)).toContainText("Exit recorded");
  form = formRoot(page, js);
  const history = form.getByRole("table", { name: "Exits of this trade" });
  await expect(history.getByRole("row")).toHaveCount(2);
  await expect(history.getByRole("row").nth(1)).toContainText("3");
  await expect(history.getByRole("row").nth(1)).toContainText("24,100.00");
  await expect(history.getByRole("row").nth(1)).toContainText("300.00");
  await expect(history.getByRole("row").nth(1)).toHaveText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)/);
  await expect(form.getByTestId("pnl-split")).toContainText("Realised PNL300.00");
  await expect(form.getByTestId("pnl-split")).toContainText(`Open quantity${(quantity - 3).toLocaleString("en-IN")} of ${quantity.toLocaleString("en-IN")}`);

  // Back on the list: open/quantity and the split on the row.
  await page.goto(`/trades?f=1&userRole=1&userId=${admin.id}`);
  await expect(row.locator("td[data-field=quantity]")).toHaveText(`${(quantity - 3).toLocaleString("en-IN")}/${quantity.toLocaleString("en-IN")}`);
  await expect(row.locator("[data-field=pnl-split]")).toContainText("R 300.00");
  await expect(page.getByTestId("realised-pnl")).toHaveText("300.00");

  // Close the rest from the edit page at 23,950: realised 300 - (quantity - 3) x 50.
  await row.getByRole("link", { name: `Edit trade #${id}` }).click();
  form = formRoot(page, js);
  await expect(form.getByRole("table", { name: "Exits of this trade" }).getByRole("row")).toHaveCount(2);
  await form.getByLabel("Exit quantity").fill(String(quantity - 3));
  await form.getByLabel("Exit price").fill("23950");
  await form.getByRole("button", { name: "Record exit" }).click();
  await expect(toast(page)).toContainText("Exit recorded: the trade is closed");
  form = formRoot(page, js);
  const realised = (300 - (quantity - 3) * 50).toLocaleString("en-IN", { minimumFractionDigits: 2 });
  await expect(form.getByRole("table", { name: "Exits of this trade" }).getByRole("row")).toHaveCount(3);
  await expect(form.getByTestId("pnl-split")).toContainText(`Realised PNL${realised}`);
  await expect(form.getByLabel("Exit quantity")).toHaveCount(0);
  await page.goto(`/trades?f=1&userRole=1&userId=${admin.id}`);
  await expect(row).toContainText("Closed");
  // Closed, the whole quantity: no "0/quantity".
  await expect(row.locator("td[data-field=quantity]")).toHaveText(quantity.toLocaleString("en-IN"));
  await expect(row.locator("td[data-field=pnl]")).toContainText(realised);
  await expect(row.getByRole("link", { name: `Exit part of trade #${id}` })).toHaveCount(0);
  return { id, admin };
}

test.describe("partial exits with JavaScript", () => {
  test("exit part from the list's dialog, see the split and history, close the rest on the edit page", async ({ page }) => {
    await journey(page, true);
  });
});

test.describe("partial exits without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("exit part on its own page, see the split and history, close the rest on the edit page", async ({ page }) => {
    await journey(page, false);
  });

  test("the exit page fits a 390 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = await signInAsNewUser(page, { role: 1, label: "exits-phone", goto: false });
    await page.goto("/trades/new");
    await page.getByLabel("Symbol").selectOption("NIFTY-I");
    await page.getByLabel("Trade Type").selectOption("SELL");
    await page.getByLabel("Sell Price").fill("24000");
    await page.getByLabel("Quantity").fill("3999");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page)).toContainText("Trade submitted successfully");
    await page.goto(`/trades?f=1&userRole=1&userId=${admin.id}`);
    await page.locator("tr[data-trade-id]").first().getByRole("link", { name: /^Exit part of trade/ }).click();
    await page.getByLabel("Exit quantity").fill("1");
    await page.getByLabel("Exit price").fill("23900");
    await page.getByRole("button", { name: "Record exit" }).click();
    await expect(toast(page)).toContainText("Exit recorded");
    await expect(page.getByRole("table", { name: "Exits of this trade" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByRole("table", { name: "Exits of this trade" }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  });
});
