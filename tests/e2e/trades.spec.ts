import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser, waitForHydration, formRoot, showOwnTrades } from "./support";

// The trade journal (issue 5): add, edit, close, verify and delete a trade, with and without
// JavaScript; Total PNL against the rows; keyset pages; what a customer does not see; the
// Symbol Suggestion Flow.
//
// Tests run in parallel against one server, so each journey finds its own trade by a quantity no
// other test uses, in a list filtered to the admin's own trades (the paging test adds 45 of the
// customer's trades to everybody else's views meanwhile).

const toast = (page: Page) => page.getByRole("status");

async function journey(page: Page, js: boolean) {
  // Quantities 100-549 for the JS run, 550-999 without: never the same row.
  const quantity = String((js ? 100 : 550) + Math.floor(Math.random() * 450));
  const admin = await signInAsNewUser(page, { role: 1, label: "trades", goto: false });
  await page.goto("/trades");
  await expect(page.getByRole("heading", { name: "Trade List" })).toBeVisible();
  await showOwnTrades(page, js, admin.username);

  // Add.
  await page.getByRole("link", { name: "+ Add" }).click();
  let form = formRoot(page, js);
  await expect(form.getByRole("heading", { name: "Add Trade" })).toBeVisible();
  await form.getByLabel("Symbol").selectOption("NIFTY-I");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Please enter a trade type")).toBeVisible();
  await form.getByLabel("Trade Type").selectOption("BUY");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Please enter a buy price")).toBeVisible();
  await form.getByLabel("Buy Price").fill("24000");
  await form.getByLabel("Quantity").fill(quantity);
  await form.getByLabel("Target Price").fill("24300");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page)).toContainText("Trade submitted successfully");
  // Back on the same filtered list.
  await expect(page).toHaveURL(/userId=\d+/);
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: quantity, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("NIFTY-I");
  await expect(row.locator("[data-field=target]")).toHaveText("24,300.00");
  // What the open BUY has not traded, and the SL never set, are absent, as in the reports (decision 143).
  await expect(row.locator("[data-field=sell]")).toHaveText("—");
  await expect(row.locator("[data-field=sl]")).toHaveText("—");
  await expect(row.locator("[data-field=buy]")).toHaveText("24,000.00");
  await expect(row).toContainText("Open");

  // Edit.
  await row.getByRole("link", { name: /^Edit trade/ }).click();
  form = formRoot(page, js);
  await expect(form.getByLabel("Target Price")).toHaveValue("24300");
  await form.getByLabel("Target Price").fill("24500");
  await form.getByRole("button", { name: "Update" }).click();
  await expect(toast(page)).toContainText("Trade submitted successfully");
  await expect(row).toContainText("24,500.00");

  // Close: the status switch off records the exit time.
  await row.getByRole("link", { name: /^Edit trade/ }).click();
  form = formRoot(page, js);
  await form.getByRole("switch", { name: /Status/ }).uncheck();
  await form.getByRole("button", { name: "Update" }).click();
  await expect(toast(page)).toContainText("Trade submitted successfully");
  await expect(row).toContainText("Closed");
  // Compact on screen (docs/decisions/150), the full IST time in the title.
  await expect(row.locator("td[data-field=times] [data-field=exit]")).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
  await expect(row.locator("td[data-field=times] [data-field=exit] time")).toHaveAttribute("title", /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);

  // Verify (role 1, from the list).
  await row.getByRole("switch", { name: /Verify trade #\d+: Unverified/ }).click();
  await expect(row.getByRole("switch", { name: /Verify trade #\d+: Verified/ })).toBeVisible();

  // Delete, after the confirmation.
  await row.getByRole("link", { name: /^Delete trade/ }).click();
  form = formRoot(page, js);
  await expect(form.getByText("Are you sure you want to delete this trade? This action cannot be undone.")).toBeVisible();
  await expect(form.getByRole("link", { name: "Cancel" })).toBeVisible();
  await form.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Trade deleted successfully");
  await expect(row).toHaveCount(0);
}

test.describe("trade journal with JavaScript", () => {
  test("add, edit, close, verify and delete a trade in dialogs", async ({ page }) => {
    await journey(page, true);
  });

  test("the chart's Buy link opens the form with the symbol, side and price filled", async ({ page }) => {
    await signInAsNewUser(page, { role: 3, goto: false });
    await page.goto("/trades/new?symbol=NIFTY-I&side=BUY&price=24010.5");
    await waitForHydration(page);
    const form = page.getByRole("dialog");
    await expect(form.getByLabel("Symbol")).toHaveValue("NIFTY-I");
    await expect(form.getByLabel("Trade Type")).toHaveValue("BUY");
    await expect(form.getByLabel("Buy Price")).toHaveValue("24010.5");
    // Changing the trade type clears the prices.
    await form.getByLabel("Trade Type").selectOption("SELL");
    await expect(form.getByLabel("Buy Price")).toHaveValue("");
  });
});

test.describe("live prices in the trade list", () => {
  test("Current Price and PNL of an open trade move with the feed", async ({ page }) => {
    const quantity = String(1000 + Math.floor(Math.random() * 9000));
    await signInAsNewUser(page, { role: 3 });
    const res = await page.request.post("/trades/new", {
      form: { symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "24000", quantity },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    await page.goto("/dashboard");
    await page.goto("/trades");
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: Number(quantity).toLocaleString("en-IN"), exact: true }) });
    const current = row.locator("td[data-field=current]");
    const first = (await current.textContent()) ?? "";
    await expect(current).not.toHaveText(first, { timeout: 20_000 });
    // PNL follows the shown price: quantity x (current - buy), in paise. Both cells are read in
    // one go: a tick between two reads would pair one price with the next one's PNL.
    await expect(async () => {
      const [priceText, pnlText, chargesText, netText] = await row.evaluate((tr) => [
        tr.querySelector("td[data-field=current]")?.textContent ?? "",
        tr.querySelector("td[data-field=pnl] [data-field=gross-pnl]")?.textContent ?? "",
        tr.querySelector("td[data-field=pnl] [data-field=charges]")?.getAttribute("data-charges") ?? "",
        tr.querySelector("td[data-field=pnl] [data-field=net-pnl]")?.getAttribute("data-net") ?? "",
      ]);
      const paise = (text: string) => Math.round(Number(text.replace(/,/g, "").trim()) * 100);
      const price = Number(priceText.replace(/,/g, ""));
      expect(paise(pnlText)).toBe(Math.round(Number(quantity) * (price - 24000) * 100));
      // The net moves with it, less the entry's charges (docs/decisions/174).
      expect(paise(chargesText)).toBeGreaterThan(0);
      expect(paise(netText)).toBe(paise(pnlText) - paise(chargesText));
    }).toPass({ timeout: 10_000 });
  });
});

test.describe("the list refreshes itself", () => {
  test("every tradeSeconds, without a page load", async ({ page }) => {
    const quantity = String(10000 + Math.floor(Math.random() * 80000));
    await signInAsNewUser(page, { role: 4 });
    // The Trade setting's form post: refresh every 2 s.
    expect((await page.request.post("/setting", { form: { intent: "trade", tradeSeconds: "2" }, maxRedirects: 0 })).status()).toBe(302);
    try {
      await page.goto("/dashboard");
      await page.goto("/trades");
      await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
      const res = await page.request.post("/trades/new", { form: { symbol: "NIFTY-I", tradeType: "SELL", sellPrice: "24000", quantity }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
      const label = Number(quantity).toLocaleString("en-IN");
      await expect(page.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) })).toHaveCount(1, { timeout: 8_000 });
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    } finally {
      await page.request.post("/setting", { form: { intent: "trade", tradeSeconds: "30" }, maxRedirects: 0 });
    }
  });
});

test.describe("trade journal without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add, edit, close, verify and delete a trade on pages", async ({ page }) => {
    await journey(page, false);
  });

  test("a customer pages through 45 new trades; Total PNL is the sum of the rows; no Action column", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewUser(page, { role: 4 });
    // 45 trades through the same form post a browser without JavaScript sends (the customer's
    // list shows only its own trades, so nobody else's rows change these pages).
    for (let i = 0; i < 45; i++) {
      const res = await page.request.post("/trades/new", {
        form: { symbol: "NIFTY-I", tradeType: i % 2 ? "SELL" : "BUY", buyPrice: String(24000 + i), sellPrice: String(24100 + i), quantity: String(1 + (i % 5)) },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
    }
    // The last post's toast shows on the next page; let it show on another one.
    await page.goto("/dashboard");
    await page.goto("/trades");
    await expect(page.getByRole("columnheader", { name: "Action" })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Verified" })).toHaveCount(0);
    await expect(page.getByText("Showing 1 to 20 results")).toBeVisible();
    await expectTotalMatchesRows(page);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByText("Showing 21 to 40 results")).toBeVisible();
    await expect(page).toHaveURL(/page=2&cursor=/);
    await expectTotalMatchesRows(page);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByText(/Showing 41 to \d+ results/)).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText("Showing 21 to 40 results")).toBeVisible();
  });

  test("an employee has no status filter and sees the Action column", async ({ page }) => {
    await signInAsNewUser(page, { role: 3, goto: false });
    await page.goto("/trades");
    const filters = page.getByRole("search", { name: "Filter trades" });
    await expect(filters.getByLabel("Sector")).toBeVisible();
    await expect(filters.getByLabel("Status")).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Action" })).toBeVisible();
  });

  test("Symbol Suggestion Flow: messages, add, edit and delete", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/SymbolSuggestionFlow");
    await page.getByRole("link", { name: "+ Add" }).click();
    await expect(page.getByRole("heading", { name: "Add Suggestion" })).toBeVisible();
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("Please select a script.")).toBeVisible();
    await expect(page.getByText("Please select a valid trend.")).toBeVisible();
    await page.getByLabel("Symbol").selectOption({ label: "TCS" });
    await page.getByLabel("Trend", { exact: true }).selectOption("Sell");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(toast(page)).toContainText("Suggestion added successfully");
    const row = page.getByRole("row", { name: /TCS/ }).first();
    await row.getByRole("link", { name: "Edit suggestion TCS" }).click();
    await expect(page.getByRole("heading", { name: "Edit Suggestion" })).toBeVisible();
    await page.getByLabel("Trend", { exact: true }).selectOption("Neutral");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(toast(page)).toContainText("Suggestion updated successfully");
    await page.getByRole("row", { name: /Neutral TCS/ }).first().getByRole("link", { name: "Delete suggestion TCS" }).click();
    await expect(page.getByText("Are you sure you want to delete this suggestion?")).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Suggestion deleted successfully");
  });
});

/** Total PNL equals the sum of the PNL cells' gross figures shown (Indian grouping parsed back); the net is that less the charges. */
async function expectTotalMatchesRows(page: Page) {
  const cells = await page.locator("td[data-field=pnl] [data-field=gross-pnl]").allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  const paise = cells.reduce((sum, text) => sum + Math.round(Number(text.replace(/,/g, "")) * 100), 0);
  const total = Number((await page.getByTestId("total-pnl").textContent())!.replace(/,/g, ""));
  expect(Math.round(total * 100)).toBe(paise);
  // Gross - charges = net, on each row and in the totals (docs/decisions/174).
  const nets = (await page.locator("td[data-field=pnl] [data-field=net-pnl]").evaluateAll((spans) => spans.map((s) => s.getAttribute("data-net") ?? ""))).map((n) => Math.round(Number(n) * 100));
  expect(nets).toHaveLength(cells.length);
  const net = Number((await page.getByTestId("net-pnl").textContent())!.replace(/,/g, ""));
  const charges = Number((await page.getByTestId("total-charges").textContent())!.replace(/,/g, ""));
  expect(Math.round(net * 100)).toBe(nets.reduce((a, b) => a + b, 0));
  expect(Math.round(total * 100) - Math.round(charges * 100)).toBe(Math.round(net * 100));
}
