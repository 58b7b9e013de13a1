import { expect, test } from "@playwright/test";
import { drawnCandleCount, expectDailyNiftyChart, signInAsNewUser } from "./support";

test.describe("/chart with JavaScript", () => {
  test("draws NIFTY-I candles with its target lines, redraws on a timeframe change, and moves with ticks", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewUser(page, { role: 3, goto: false });
    await page.goto("/chart?symbol=NIFTY-I");
    const { chart, readout } = await expectDailyNiftyChart(page, 15_000);

    await page.getByLabel("Timeframe").selectOption("M5");
    await expect(page.getByLabel("Timeframe")).toHaveValue("M5");
    // Five-minute candles: the readout's time is on a five-minute boundary, not midnight.
    await expect(readout).not.toContainText("12:00:00 AM", { timeout: 15_000 });
    await expect(readout).toContainText(/\d{2}:\d[05]:00 [AP]M/);

    // The live candle follows the feed.
    const close = readout.locator("span").nth(3);
    const first = await close.textContent();
    await expect.poll(async () => close.textContent(), { timeout: 15_000 }).not.toBe(first);
  });

  test("a customer's Buy and Sell buttons are disabled", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    await page.goto("/chart?symbol=NIFTY-I");
    await expect(page.getByRole("button", { name: /^Buy/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Sell/ })).toBeDisabled();
  });
});

test.describe("/chart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("draws the same candles and lines as server-rendered SVG", async ({ page }) => {
    await signInAsNewUser(page, { role: 1, goto: false });
    await page.goto("/chart?symbol=NIFTY-I");
    const svg = page.locator('svg[data-chart="svg"]');
    await expect(svg).toBeVisible();
    expect(await drawnCandleCount(svg)).toBeGreaterThan(100);
    await expect(svg.locator('[data-line="Mandi Visamo Target"]')).toHaveCount(1);
    await expect(svg.locator('[data-line="Teji Visamo Target"]')).toHaveCount(1);
    // Buy and Sell are links to the trade form with the price filled.
    await expect(page.getByRole("link", { name: /^Buy [\d,]+\.\d{2}$/ })).toHaveAttribute("href", /\/trades\/new\?symbol=NIFTY-I&side=BUY&price=/);
    // The timeframe is a plain form: choose 15M and send it.
    await page.getByLabel("Timeframe").selectOption("M15");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/chart\?symbol=NIFTY-I$/);
    await expect(page.getByLabel("Timeframe")).toHaveValue("M15");
    expect(await drawnCandleCount(svg)).toBeGreaterThan(0);
  });

  test("a symbol outside a customer's subscription is not found", async ({ page }) => {
    await signInAsNewUser(page, { role: 4, goto: false });
    const response = await page.goto("/chart?symbol=WIPRO");
    expect(response?.status()).toBe(404);
  });
});
