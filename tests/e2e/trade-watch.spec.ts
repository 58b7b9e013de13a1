// The SL/target watch (docs/decisions/168) in Chromium: a trade already beyond its SL is
// flagged by the next live tick of the suite's simulated feed, and a second browser (a staff
// member's /trades) sees it arrive — a toast and the row's flag — while the first changes
// nothing. The flag is on the server-rendered list too (JavaScript off), and fits a phone.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsNewUser, type Role } from "./support";

const baseURL = () => test.info().project.use.baseURL as string;

/** A page of its own browser context (its own session), signed in as a new user of `role`. */
async function signedInPage(browser: Browser, role: Role, goto: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await signInAsNewUser(page, { role, label: "slwatch", goto });
  return page;
}

/** Another browser with the same session as `page` (its cookies), JavaScript on or off, at a width. */
async function samePerson(browser: Browser, page: Page, options: { javaScriptEnabled: boolean; width?: number }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: options.javaScriptEnabled,
    ...(options.width ? { viewport: { width: options.width, height: 844 } } : {}),
  });
  await context.addCookies(await page.context().cookies());
  return context.newPage();
}

test.describe("stop-loss and target watch", () => {
  test("an SL hit arrives live in a second browser; the flag is on /trades with JS off and at 390 px", async ({ browser }) => {
    test.setTimeout(90_000);
    const watcher = await signedInPage(browser, 1, "/trades?f=1");
    await expect(watcher.locator("[data-connection]")).toHaveAttribute("data-connection", "live", { timeout: 20_000 });

    // The owner enters a BUY whose SL (8,00,000) is far above NIFTY's price: the next tick reaches it.
    const owner = await signedInPage(browser, 3, "/trades");
    const quantity = 10_000 + Math.floor(Math.random() * 80_000);
    const res = await owner.request.post("/trades/new", {
      form: { symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "900000", quantity: String(quantity), slPrice: "800000", targetPrice: "1000000" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    const grouped = new Intl.NumberFormat("en-IN").format(quantity);

    // The second browser was not touched: the toast and the row's flag come by themselves.
    await expect(watcher.getByText(new RegExp(`^SL hit: NIFTY-I BUY ${grouped} at [\\d,]+\\.\\d\\d$`))).toBeVisible({ timeout: 20_000 });
    const row = watcher.locator("tr", { has: watcher.locator("td", { hasText: new RegExp(`^${grouped}$`) }) });
    const flag = row.locator('[data-level-hit="sl"]');
    await expect(flag).toHaveText(/^SL hit \d\d:\d\d:\d\d at [\d,]+\.\d\d$/, { timeout: 15_000 });
    const flagText = (await flag.textContent())!;
    // The hit price is a NIFTY price (well below the SL), in Indian grouping.
    const hitPrice = Number(/at ([\d,.]+)$/.exec(flagText)![1].replace(/,/g, ""));
    expect(hitPrice).toBeGreaterThan(0);
    expect(hitPrice).toBeLessThanOrEqual(800000);
    await expect(row.locator('[data-level-hit="target"]')).toHaveCount(0);

    // Without JavaScript the owner's list is server-rendered with the same flag.
    const noJs = await samePerson(browser, owner, { javaScriptEnabled: false });
    await noJs.goto("/trades");
    const noJsRow = noJs.locator("tr", { has: noJs.locator("td", { hasText: new RegExp(`^${grouped}$`) }) });
    await expect(noJsRow.locator('[data-level-hit="sl"]')).toHaveText(flagText);

    // On a phone: the flag sits in the row's first cell, in view, and the page does not scroll sideways.
    const phonePage = await samePerson(browser, owner, { javaScriptEnabled: true, width: 390 });
    await phonePage.goto("/trades");
    const phoneFlag = phonePage.locator("tr", { has: phonePage.locator("td", { hasText: new RegExp(`^${grouped}$`) }) }).locator('[data-level-hit="sl"]');
    await expect(phoneFlag).toBeInViewport();
    const box = (await phoneFlag.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    for (const page of [watcher, owner, noJs, phonePage]) await page.context().close();
  });
});
