import { expect, test, type Browser, type Page } from "@playwright/test";
import { startAppServer, type AppProcess } from "../support/private-services";
import { startKiteTestServer, type KiteTestServer, type KiteTestServerOptions } from "../support/kite-server";

// Issue 23 (docs/decisions/175): role 1 logs the app in to Kite from /Token (Kite's login page is
// a local stand-in that speaks Kite's protocol, tests/support/kite-server.ts), the feed streams
// the demo symbols through Zerodha's official client, and the prices reach the browser, with and
// without JavaScript; when Kite refuses the token the feed is off, /Token and /healthz say so,
// and nothing is labelled or shown as live. A server of its own: FEED=kite.

const API_KEY = "kiteapikey01";
const API_SECRET = "kiteapisecret0123456789";
const NIFTY_NEAR = 13_000_002;
const NIFTY_NEXT = 13_000_258;
const SENSEX_BSE = 265;

// Near-month and next NIFTY futures that have not expired, whatever the day the suite runs.
function niftyFutures() {
  const expiry = (monthsAhead: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + monthsAhead);
    d.setUTCDate(25);
    return d.toISOString().slice(0, 10);
  };
  const row = (token: number, monthsAhead: number) => ({
    instrument_token: token,
    exchange_token: token >> 8,
    tradingsymbol: `NIFTY${monthsAhead}FUT`,
    name: "NIFTY",
    last_price: 0,
    expiry: expiry(monthsAhead),
    strike: 0,
    tick_size: 0.05,
    lot_size: 75,
    instrument_type: "FUT",
    segment: "NFO-FUT",
    exchange: "NFO",
  });
  // Kite lists SENSEX here as a BSE cash row, not among the indices: the rules cannot settle it.
  const sensexRow = { ...row(SENSEX_BSE, 0), tradingsymbol: "SENSEX", name: "SENSEX", expiry: null, lot_size: 1, instrument_type: "EQ", segment: "BSE", exchange: "BSE" };
  return [row(NIFTY_NEAR, 1), row(NIFTY_NEXT, 2), sensexRow];
}

let kite: KiteTestServer;
let app: AppProcess;
const kiteOptions: KiteTestServerOptions = { apiKey: API_KEY, apiSecret: API_SECRET, redirectUrl: "http://127.0.0.1/Token/kite", instruments: niftyFutures(), heartbeatEveryMs: 500 };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  kite = await startKiteTestServer(kiteOptions);
  app = await startAppServer({
    DATABASE_URL: "memory://",
    SEED_DEMO: "1",
    E2E_TEST_HOOKS: "1",
    FEED: "kite",
    KITE_API_ROOT: kite.restRoot,
    KITE_WS_ROOT: kite.wsRoot,
    KITE_LOGIN_URL: kite.loginUrl,
  });
  // Kite sends the browser back to the app's registered redirect URL.
  kiteOptions.redirectUrl = `${app.base}/Token/kite`;
});

test.afterAll(async () => {
  app?.kill();
  await kite?.close();
});

async function adminPage(browser: Browser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: app.base });
  const page = await context.newPage();
  const response = await page.request.post(`${app.base}/__e2e/users`, { data: { role: 1, label: "kite" } });
  expect(response.ok()).toBe(true);
  const { cookie } = (await response.json()) as { cookie: { name: string; value: string; expires: number } };
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: app.base, expires: cookie.expires, httpOnly: true, sameSite: "Lax" }]);
  return page;
}

async function healthFeed(): Promise<{ state: string; detail: string | null } | null> {
  return ((await (await fetch(`${app.base}/healthz`)).json()) as { feed: { state: string; detail: string | null } | null }).feed;
}

const niftyTick = (price: number) => ({ instrument_token: NIFTY_NEAR, last_price: price, last_traded_quantity: 75, volume_traded: 1_000_000 + Math.round(price), exchange_timestamp: new Date(), last_trade_time: new Date() });

for (const js of [true, false]) {
  test(`role 1 logs in to Kite from /Token and the top bar shows Kite's price, ${js ? "with" : "without"} JavaScript`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await adminPage(browser, js);
    await page.goto("/Token");
    await expect(page.getByRole("heading", { name: "API Verification" })).toBeVisible();
    // Prices from Kite are the market's: no "Simulated" label.
    await expect(page.locator("[data-price-source]")).toHaveCount(0);
    await page.getByLabel("API token").fill(API_KEY);
    await page.getByLabel("API secret").fill(API_SECRET);
    await page.getByRole("button", { name: "Request" }).click();
    // Through Kite's login and back.
    await expect(page).toHaveURL(`${app.base}/Token`);
    await expect(page.getByRole("status")).toContainText("Logged in to Kite: the session lasts until");
    await expect(page.getByTestId("kite-session")).toHaveAttribute("data-state", "active");
    await expect(page.getByTestId("kite-session")).toContainText(/Active until \d{2}-\d{2}-\d{4} 06:00:00 AM/);

    // The feed finds the session, maps NIFTY-I to the near-month future and subscribes it.
    await kite.waitForSubscription(NIFTY_NEAR, "full", 30_000);
    await expect.poll(async () => (await healthFeed())?.state, { timeout: 20_000 }).toBe("live");
    const price = js ? 24_567.5 : 24_512.25;
    const shown = js ? "24,567.50" : "24,512.25";
    const ticker = page.locator("header").getByText(shown);
    await expect(async () => {
      kite.sendTicks([niftyTick(price)]);
      // Without JavaScript the page shows the server's book as of its load.
      if (!js) await page.reload();
      await expect(ticker).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    if (!js) {
      await page.goto("/Token");
      await expect(page.getByTestId("kite-feed")).toHaveAttribute("data-state", "live");
      // Role 1 sees what each active symbol streams, and which have no instrument in the dump.
      const instruments = page.getByTestId("kite-instruments");
      await expect(instruments.getByRole("row", { name: /^NIFTY-I/ })).toContainText(/NIFTY1FUT · NFO · expires \d{4}-\d{2}-25/);
      await expect(instruments.getByRole("row", { name: /^SENSEX/ })).toContainText("Not streamed");
      // At phone width the page keeps to the screen: the table scrolls in its own box.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath("token-kite-390.png"), fullPage: true });
    }
  });
}

test("role 1 sees each symbol's Kite instrument on the symbol list and chooses one on /Token, without JavaScript, at phone width too", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await adminPage(browser, false);
  await page.goto("/symbols?q=SENSEX");
  const table = page.getByRole("table", { name: "Symbols" });
  await expect(table.getByRole("columnheader", { name: /^Kite instrument \(\d{4}-\d{2}-\d{2}\)/ })).toBeVisible();
  const symbolRow = (code: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code, exact: true }) });
  const sensex = symbolRow("SENSEX");
  await expect(sensex).toContainText("Not streamed: BSE index SENSEX is not in the instrument dump; SENSEX is listed on BSE (SENSEX · BSE · token 265)");
  await page.goto("/symbols?q=NIFTY-I");
  await expect(symbolRow("NIFTY-I")).toContainText(/NIFTY1FUT · NFO · expires/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The link goes to the symbol's row of /Token, where the choice is made.
  await page.goto("/symbols?q=SENSEX");
  await table.getByRole("link", { name: "Choose the Kite instrument of SENSEX" }).click();
  await expect(page).toHaveURL(/\/Token#kite-SENSEX$/);
  const row = page.locator("#kite-SENSEX");
  await expect(row).toBeInViewport();
  await row.getByLabel("Instrument token for SENSEX").fill(String(SENSEX_BSE));
  await row.getByRole("button", { name: "Use" }).click();
  await expect(page.getByRole("status")).toContainText("SENSEX will stream SENSEX · BSE (chosen by hand)");
  await expect(page).toHaveURL(/\/Token#kite-SENSEX$/);
  await expect(page.locator("#kite-SENSEX")).toContainText("SENSEX · BSE (chosen by hand)");
  // The feed takes the choice up: SENSEX's instrument is subscribed.
  await kite.waitForSubscription(SENSEX_BSE, "full", 30_000);

  // A token the day's dump does not list is refused with the reason, and the choice stands.
  // The answer is in the row, beside the value to correct, and the page opens at it.
  await page.locator("#kite-SENSEX").getByLabel("Instrument token for SENSEX").fill("424242");
  await page.locator("#kite-SENSEX").getByRole("button", { name: "Use" }).click();
  await expect(page.locator("#kite-SENSEX").getByRole("alert")).toContainText(/has no instrument 424242 \(options are not streamed\): nothing was changed/);
  await expect(page.locator("#kite-SENSEX").getByRole("alert")).toBeInViewport();
  await expect(page.locator("#kite-SENSEX").getByLabel("Instrument token for SENSEX")).toHaveValue("424242");
  await page.locator("#kite-SENSEX").getByLabel("Instrument token for SENSEX").fill("abc");
  await page.locator("#kite-SENSEX").getByRole("button", { name: "Use" }).click();
  await expect(page.locator("#kite-SENSEX").getByRole("alert")).toContainText("Please enter the instrument token as digits");
  // NIFTY-I streams the near future: SENSEX cannot take it too.
  await page.locator("#kite-SENSEX").getByLabel("Instrument token for SENSEX").fill(String(NIFTY_NEAR));
  await page.locator("#kite-SENSEX").getByRole("button", { name: "Use" }).click();
  await expect(page.locator("#kite-SENSEX").getByRole("alert")).toContainText(`already streams NIFTY-I`);
  await page.goto("/Token");
  await expect(page.locator("#kite-SENSEX")).toContainText("SENSEX · BSE (chosen by hand)");
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Emptied, the rules decide again.
  await page.locator("#kite-SENSEX").getByLabel("Instrument token for SENSEX").fill("");
  await page.locator("#kite-SENSEX").getByRole("button", { name: "Use" }).click();
  await expect(page.locator("#kite-SENSEX")).toContainText("Not streamed");
});

test("Kite's ticks go through the engine to an open chart: the live candle closes at Kite's price", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await adminPage(browser, true);
  await expect.poll(async () => (await healthFeed())?.state, { timeout: 30_000 }).toBe("live");
  await kite.waitForSubscription(NIFTY_NEAR, "full", 30_000);
  await page.goto("/chart?symbol=NIFTY-I&tf=M1");
  await expect(page.locator('[data-chart="apex"] .apexcharts-candlestick-series path').first()).toBeAttached({ timeout: 30_000 });
  const view = page.locator("details[data-table-view]").first();
  await view.locator("summary").click();
  const newest = view.getByRole("table", { name: /^NIFTY-I M1:/ }).locator("tbody tr").first();
  await expect(async () => {
    kite.sendTicks([niftyTick(24_601.75)]);
    // The newest candle's close (open, high, low, close, volume).
    await expect(newest.locator("td").nth(3)).toHaveText("24,601.75", { timeout: 1_500 });
  }).toPass({ timeout: 30_000 });
  // The candle is the server's too: /chart-data's live minute closes there.
  await expect
    .poll(async () => {
      const { candles } = (await (await page.request.get("/chart-data?symbol=NIFTY-I&timeframe=M1&countback=1")).json()) as { candles: { close: number }[] };
      return candles.at(-1)?.close;
    }, { timeout: 20_000 })
    .toBe(24_601.75);
});

test("when Kite refuses the token the feed is off, /Token and /healthz say what to do, and no price is labelled live", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await adminPage(browser, true);
  await expect.poll(async () => (await healthFeed())?.state, { timeout: 20_000 }).toBe("live");
  // A page open while the feed streams: no warning, the link and the prices live.
  await page.goto("/dashboard");
  await expect(page.locator("[data-connection=live]")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("[data-market-feed]")).toHaveCount(0);
  const tokenPage = await page.context().newPage();
  await tokenPage.goto("/Token");
  await expect(tokenPage.getByTestId("kite-session")).toHaveAttribute("data-state", "active");
  kite.expireSession();
  kite.dropConnections();
  await expect.poll(async () => (await healthFeed())?.state, { timeout: 30_000 }).toBe("off");
  expect((await healthFeed())?.detail).toMatch(/log in to Kite again on \/Token/);
  // The open page learns it over its socket: "Prices off", and the link no longer called live.
  await expect(page.locator("[data-market-feed=off]")).toHaveText(/^Prices off since \d{2}:\d{2}:\d{2} [AP]M$/, { timeout: 10_000 });
  await expect(page.locator("[data-connection=live]")).toHaveAttribute("data-market-live", "false");
  // "Connected", with no time: a page's load receives the last quotes, which are not new prices.
  await expect(page.locator("[data-connection=live]")).toHaveText("Connected");
  // An open /Token follows too: the session line says Kite refused it, without a reload.
  await expect(tokenPage.getByTestId("kite-session")).toHaveAttribute("data-state", "refused", { timeout: 10_000 });
  await expect(tokenPage.getByTestId("kite-feed")).toHaveAttribute("data-state", "off");
  // Without JavaScript the page's load says the same.
  const plain = await adminPage(browser, false);
  await plain.goto("/dashboard");
  await expect(plain.locator("[data-market-feed=off]")).toHaveText(/^Prices off since /);
  await page.goto("/Token");
  await expect(page.getByTestId("kite-feed")).toHaveAttribute("data-state", "off");
  await expect(page.getByTestId("kite-feed")).toContainText("log in to Kite again on /Token");
  // The session line says so too, not "Active until".
  await expect(page.getByTestId("kite-session")).toHaveAttribute("data-state", "refused");
  await expect(page.getByTestId("kite-session")).toContainText(/Refused by Kite at .*: press Request and log in to Kite again/);
  await expect(page.locator("[data-price-source]")).toHaveCount(0);
  // Ticks the broken session might still carry never reach the page.
  kite.sendTicks([niftyTick(30_000)]);
  await page.waitForTimeout(1_500);
  await expect(page.locator("header").getByText("30,000.00")).toHaveCount(0);
});
