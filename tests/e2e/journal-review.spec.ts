import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { fileTrades, signInAsNewUser, waitForHydration } from "./support";

// The journal's P&L calendar and tags (issue 22, docs/decisions/170), with and without
// JavaScript: a customer closes trades, tags one through the edit form, filters the list by the
// tag, and opens the calendar of the same filters, whose day, week and month figures are the
// listed trades' net PNL (after charges); the calendar stays usable on a 390 px phone.
//
// Each journey has an admin of its own and lists only its trades of today (the list's Username
// filter), so parallel journeys never see each other's rows. All trades close now: they land on
// today's IST day.

const todayIst = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
/** "1,23,456.78" / "-12.50" → paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/,/g, "").trim()) * 100);

/** The closed rows' gross PNL, or their net PNL (gross less charges, docs/decisions/174), in paise. */
async function closedPnlOfList(page: Page, figure: "gross" | "net" = "gross"): Promise<number[]> {
  const rows = page.locator("tr[data-trade-id]");
  const figures: number[] = [];
  for (const row of await rows.all()) {
    if ((await row.locator("td").last().textContent())?.trim() !== "Closed") continue;
    const cell = row.locator("td[data-field=pnl]");
    figures.push(figure === "gross" ? paiseOf((await cell.locator("[data-field=gross-pnl]").textContent()) ?? "") : paiseOf((await cell.locator("[data-field=net-pnl]").getAttribute("data-net")) ?? ""));
  }
  return figures;
}

async function journey(page: Page, js: boolean) {
  const admin = await signInAsNewUser(page, { role: 1, label: `calendar-${js ? "js" : "nojs"}`, goto: false });
  const ownToday = `/trades?f=1&today=1&userRole=1&userId=${admin.id}`;
  const trades: Record<string, string>[] = [
    { buyPrice: "100", sellPrice: "112.55", quantity: "10", slPrice: "95" }, // +125.50, 2.51R
    { buyPrice: "250", sellPrice: "240.10", quantity: "3", slPrice: "245" }, // -29.70
    { buyPrice: "80", sellPrice: "80.05", quantity: "7", slPrice: "" }, // +0.35, no SL
  ];
  await fileTrades(page, [...trades, { buyPrice: "90", quantity: "4", slPrice: "" }].map((t) => ({ symbol: "NIFTY-I", tradeType: "BUY", buyPrice: t.buyPrice, quantity: t.quantity, slPrice: t.slPrice })));
  await page.goto(ownToday);
  const ids = await page.locator("tr[data-trade-id]").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-trade-id"))).sort((a, b) => a - b));
  expect(ids).toHaveLength(4);
  // Close the first three at their sell prices (the form's post with the status switch off).
  for (const [i, t] of trades.entries()) {
    const res = await page.request.post(`/trades/${ids[i]}/edit`, { form: { symbol: "NIFTY-I", tradeType: "BUY", ...t }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
  }
  await page.goto(ownToday);
  await waitForHydration(page);
  const listed = await closedPnlOfList(page);
  expect(listed.sort((a, b) => a - b)).toEqual([-2970, 35, 12550]);
  // The calendar and the review count what was kept: each trade's PNL less its charges.
  const listedNet = await closedPnlOfList(page, "net");
  expect(listedNet).toHaveLength(3);
  expect(listedNet.reduce((a, b) => a + b, 0)).toBeLessThan(listed.reduce((a, b) => a + b, 0));
  const losingNet = paiseOf((await page.locator(`tr[data-trade-id="${ids[1]}"] [data-field=net-pnl]`).getAttribute("data-net")) ?? "");
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  await expect(page.locator(`tr[data-trade-id="${ids[0]}"] td[data-field=r]`)).toHaveText("2.51R");

  // Tag the losing trade through its edit form (a dialog with JavaScript, a page without).
  await page.locator(`tr[data-trade-id="${ids[1]}"]`).getByRole("link", { name: /^Edit trade/ }).click();
  const form = js ? page.getByRole("dialog") : page.locator("main");
  await form.getByLabel("Tags").fill("<bad>");
  await form.getByRole("button", { name: "Update" }).click();
  await expect(form.getByText(/may hold only letters, digits/)).toBeVisible();
  await form.getByLabel("Tags").fill("Late Entry, revenge");
  await form.getByLabel("Note").fill("Chased the move.");
  await form.getByLabel("Status (on = open)").uncheck();
  await form.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toContainText("Trade submitted successfully");
  await expect(page).toHaveURL(new RegExp(`userId=${admin.id}`));
  await expect(page.locator(`tr[data-trade-id="${ids[1]}"] [data-field=tags]`)).toContainText("late entry");

  // The calendar of the same filters: today holds the three closed trades.
  await page.getByRole("link", { name: "P&L calendar" }).click();
  await expect(page.getByRole("heading", { name: "P&L Calendar" })).toBeVisible();
  const today = todayIst();
  const day = page.locator(`td[data-day="${today}"]`);
  const total = listedNet.reduce((a, b) => a + b, 0);
  expect(paiseOf((await day.locator("[data-pnl]").first().getAttribute("data-pnl")) ?? "")).toBe(total);
  await expect(day).toContainText("3");
  const week = page.locator("tr", { has: day }).locator("td[data-week-total]");
  expect(paiseOf((await week.locator("[data-pnl]").getAttribute("data-pnl")) ?? "")).toBe(total);
  expect(paiseOf((await page.getByTestId("month-total").getAttribute("data-pnl")) ?? "")).toBe(total);
  // The other weeks closed nothing: no result, a dash rather than 0.00.
  const otherWeeks = page.locator("tr[data-week]").filter({ hasNot: day }).locator("td[data-week-total]");
  expect(await otherWeeks.count()).toBeGreaterThanOrEqual(3);
  for (const cell of await otherWeeks.all()) await expect(cell).toHaveText("—");
  await expect(page.getByTestId("open-trades")).toContainText("1 open trade");
  await expect(page.locator("[data-review=trades] dd").first()).toHaveText("3");
  // A win is a trade that kept money after its charges: the +0.35 trade is a loss net of them.
  const netWins = listedNet.filter((p) => p > 0).length;
  expect(netWins).toBe(1);
  await expect(page.locator("[data-review=win-rate] dd").first()).toHaveText(`${((netWins / 3) * 100).toFixed(2)}%`);
  // The review widens to every closed trade of the filters and back (a link: no JavaScript needed).
  await page.getByTestId("review-scope").click();
  await expect(page).toHaveURL(/review=all/);
  await expect(page.getByRole("heading", { name: "Review: every closed trade of these filters" })).toBeVisible();
  await expect(page.locator("[data-review=trades] dd").first()).toHaveText("3");
  await page.getByTestId("review-scope").click();
  await expect(page).not.toHaveURL(/review=all/);
  await expect(page.getByTestId("review-scope")).toHaveText("Review every closed trade of these filters");

  // Filter by the tag on the calendar itself (typed in another case): only the tagged trade.
  const filters = page.getByRole("search", { name: "Filter trades" });
  await filters.getByLabel("Tag").fill("LATE entry");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/tag=LATE\+entry/);
  await expect(page.locator(`td[data-day="${today}"] [data-pnl]`).first()).toHaveAttribute("data-pnl", rupees(losingNet));
  await expect(page.getByTestId("month-total")).toHaveAttribute("data-pnl", rupees(losingNet));

  // And back to the list of the same filters: the one tagged trade.
  await page.getByRole("link", { name: "Trade list of these filters" }).click();
  await expect(page.locator("tr[data-trade-id]")).toHaveCount(1);
  expect(await closedPnlOfList(page)).toEqual([-2970]);
  await expect(page.getByRole("search", { name: "Filter trades" }).getByLabel("Tag")).toHaveValue("late entry");
}

test.describe("with JavaScript", () => {
  test("the calendar shows the sums of the listed trades; a tag filters both", async ({ page }) => {
    await journey(page, true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the calendar shows the sums of the listed trades; a tag filters both", async ({ page }) => {
    await journey(page, false);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the month grid fits 390 px and still names each figure", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, symbols: ["NIFTY-I"], label: "calendar-phone", goto: false });
    await fileTrades(page, [{ symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "100", quantity: "1000" }]);
    await page.goto("/trades");
    const id = await page.locator("tr[data-trade-id]").first().getAttribute("data-trade-id");
    const res = await page.request.post(`/trades/${id}/edit`, { form: { symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "100", sellPrice: "225.75", quantity: "1000" }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    await page.goto("/trades/calendar");
    const grid = page.getByTestId("pnl-calendar");
    await expect(grid).toBeVisible();
    const box = await grid.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Net 1,25,648.76 shows as a short figure on the phone, the exact one in its title: gross
    // 1,25,750.00 less the index futures charges of migration 0009's rates, by hand: brokerage
    // 20 + 20, STT 0.02 % of 2,25,750 = 45.15 -> 45, exchange 0.00173 % of 3,25,750 = 5.64,
    // SEBI 0.33, stamp 0.002 % of 1,00,000 = 2.00, GST 18 % of 45.961225 = 8.27: 101.24.
    const figure = page.locator(`td[data-day="${todayIst()}"] [data-pnl]`).first();
    await expect(figure).toHaveAttribute("title", "1,25,648.76");
    await expect(figure).toContainText("1.3L");
    const cell = await page.locator(`td[data-day="${todayIst()}"]`).boundingBox();
    expect(cell!.width).toBeGreaterThan(38);
    // The tinted days and their figures pass axe in both themes (decision 151's tokens).
    for (const theme of ["light", "dark"] as const) {
      const chosen = await page.request.post("/preferences", { form: { intent: "theme", theme, redirectTo: "/login" }, maxRedirects: 0 });
      expect(chosen.status()).toBe(302);
      await page.goto("/trades/calendar");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(blocking.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
});
