// The chart on a phone and on a slow line (issue 20, docs/decisions/155): the server-drawn SVG
// and its table view without JavaScript; with it, the library only once the chart is in view, as
// wide as its card, panned by a finger.
import { expect, test, type Page } from "@playwright/test";
import { saveChartMode, signInAsNewUser } from "./support";
import { PHONE } from "./page-sweep";
import { IN_VIEW_MARGIN_PX } from "../../app/components/charts/use-wanted-when-seen";

const PHONE_TOUCH = { viewport: PHONE, isMobile: true, hasTouch: true } as const;
/** Indian digit grouping with two decimals: 99.50, 1,234.50, 23,45,678.25. */
const INDIAN_PRICE = /^(\d{1,3}|\d{1,2}(,\d{2})*,\d{3})\.\d{2}$/;

async function expectTableView(page: Page) {
  const figure = page.getByRole("figure", { name: /^NIFTY-I \S+ candle chart$/ });
  await expect(figure).toBeVisible();
  const details = figure.locator("details[data-table-view]");
  await details.getByText("Table view").click();
  const table = details.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.locator("caption")).toHaveText(/^NIFTY-I \S+: (the newest \d+ of )?\d+ visible candles, newest first$/);
  await expect(table.getByRole("columnheader")).toHaveText(["Time (IST)", "Open", "High", "Low", "Close", "Volume"]);
  const first = table.locator("tbody tr").first();
  await expect(first.locator("th time")).toHaveText(/^\d{2}-\d{2}-\d{4}( \d{2}:\d{2}:\d{2} [AP]M)?$/);
  const [open, high, low, close, volume] = await first.locator("td").allTextContents();
  for (const price of [open, high, low, close]) expect(price).toMatch(INDIAN_PRICE);
  // Whole units in Indian grouping (12,34,567), or empty for a candle without quantity.
  expect(volume).toMatch(/^(\d{1,2}(,\d{2})*,\d{3}|\d{1,3})?$/);
  // One line a candle; the figures scroll sideways in their own box under the time, which stays.
  expect(await first.evaluate((row) => row.getBoundingClientRect().height)).toBeLessThan(30);
  const box = details.locator(".table-scroll");
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth), "the table is wider than a phone").toBe(true);
  await box.evaluate((el) => el.scrollBy(120, 0));
  const [boxLeft, timeLeft] = await Promise.all([box.evaluate((el) => el.getBoundingClientRect().left), first.locator("th").evaluate((el) => el.getBoundingClientRect().left)]);
  expect(Math.abs(timeLeft - boxLeft)).toBeLessThanOrEqual(1);
  // The readout: the current candle's OHLC in words.
  await expect(figure.locator("[data-readout] .sr-only")).toHaveText(/^Latest candle, \d{2}-\d{2}-\d{4}.* IST: open [\d,.]+, high [\d,.]+, low [\d,.]+, close [\d,.]+$/);
}

/**
 * The share of the plot a zoom's candles should fill when the scale fits them and the reference
 * lines with 4% room (visiblePriceRange): their range over the scale's, from the table view's
 * visible candles and the line labels' prices.
 */
async function fittedShare(figure: ReturnType<Page["locator"]>): Promise<number> {
  const price = (text: string) => Number(text.replace(/,/g, ""));
  const rows = await figure.locator("[data-table-view] tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
  const highs = rows.map((cells) => price(cells[1]));
  const lows = rows.map((cells) => price(cells[2]));
  const lines = (await figure.locator("[data-line-label]").allTextContents()).map((text) => price(text.split(" ").at(-1) ?? ""));
  const [high, low] = [Math.max(...highs), Math.min(...lows)];
  const top = Math.max(high, ...lines);
  const bottom = Math.min(low, ...lines);
  return (high - low) / ((top - bottom) * 1.08);
}

/** How far apart the price and volume plots' left or right edges are, in px (0: each bar under its candle). */
async function plotsApart(figure: ReturnType<Page["locator"]>): Promise<number> {
  const [price, volume] = await figure.locator('[data-chart="apex"] .apexcharts-grid').evaluateAll((grids) => grids.slice(0, 2).map((g) => g.getBoundingClientRect()));
  return Math.max(Math.abs(price.left - volume.left), Math.abs(price.right - volume.right));
}

/**
 * The share of the price plot's height that the candles drawn inside it (by their centres) span,
 * from the top of the highest wick to the bottom of the lowest.
 */
async function filledHeight(figure: ReturnType<Page["locator"]>): Promise<number> {
  const grid = (await figure.locator('[data-chart="apex"] .apexcharts-grid').first().boundingBox())!;
  return figure.locator('[data-chart="apex"] .apexcharts-candlestick-series path').evaluateAll((paths, plot) => {
    let top = Infinity;
    let bottom = -Infinity;
    for (const path of paths) {
      const box = path.getBoundingClientRect();
      const centre = box.left + box.width / 2;
      if (box.height === 0 || centre < plot.x || centre > plot.x + plot.width) continue;
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    }
    return Number.isFinite(top) ? (bottom - top) / plot.height : 0;
  }, grid);
}

test.describe("without JavaScript", () => {
  test.use({ ...PHONE_TOUCH, javaScriptEnabled: false });

  test("the dashboard on a phone draws the chart as SVG and lists its candles in a table view", async ({ page }) => {
    await signInAsNewUser(page, { role: 3 });
    await expect(page.locator('svg[data-chart="svg"]')).toBeVisible();
    await expectTableView(page);
  });

  test("the chart's box is as tall as its SVG: no room is kept for a library that will not draw", async ({ page }) => {
    await signInAsNewUser(page, { role: 3 });
    const area = page.locator("figure[data-chart-card] [data-chart-area]");
    const svg = area.locator('svg[data-chart="svg"]');
    await expect(svg).toBeVisible();
    const [areaHeight, svgHeight] = await Promise.all([area.evaluate((el) => el.getBoundingClientRect().height), svg.evaluate((el) => el.getBoundingClientRect().height)]);
    expect(Math.abs(areaHeight - svgHeight)).toBeLessThanOrEqual(8);
  });
});

/** Where the element starts on the page (not on the screen), in px. */
function pageTop(locator: ReturnType<Page["locator"]>): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test.describe("with JavaScript on a phone", () => {
  test.use(PHONE_TOUCH);

  test("the chart library loads when the chart is scrolled into view, and replaces the server SVG", async ({ page }) => {
    test.setTimeout(90_000);
    const libraries: string[] = [];
    page.on("response", async (response) => {
      if (!response.url().endsWith(".js")) return;
      const text = await response.text().catch(() => "");
      if (/apexcharts|ApexCharts/.test(text)) libraries.push(response.url());
    });
    await signInAsNewUser(page, { role: 3 });
    await expect(page.locator('[data-connection="live"]')).toBeAttached({ timeout: 20_000 }); // hydrated
    await page.waitForLoadState("networkidle");
    // Less than the loading rule's strip on screen on a phone: the SVG, and no library fetched.
    const figure = page.locator("figure[data-chart-card]");
    expect(await figure.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(PHONE.height - IN_VIEW_MARGIN_PX);
    expect(libraries).toEqual([]);
    await expect(figure.locator('svg[data-chart="svg"]')).toBeAttached();
    await expect(figure.locator('[data-chart="apex"]')).toHaveCount(0);

    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('[data-chart="apex"] .apexcharts-candlestick-series path').first()).toBeAttached({ timeout: 30_000 });
    await expect(figure.locator('svg[data-chart="svg"]')).toHaveCount(0);
    await expect(figure.locator('[data-chart="apex"]')).toBeVisible();
    expect(libraries.length).toBeGreaterThan(0);
    // Each volume bar stands under its candle: the two plots start and end together.
    await expect.poll(() => plotsApart(figure)).toBeLessThanOrEqual(2);
    // The table view is still there, now following the interactive chart.
    await expectTableView(page);
  });

  for (const { path, role } of [
    { path: "/dashboard", role: 3 },
    // Its chart fills the window less 280 px: the room is kept by CSS before a script measures the window.
    { path: "/admin/dashboard", role: 1 },
  ] as const) {
    for (const mode of ["normal", "advance"] as const) {
      test(`${path}, ${mode} mode: the page does not grow under a finger when the chart library draws`, async ({ page }) => {
        test.setTimeout(90_000);
        await signInAsNewUser(page, { role, goto: false });
        await saveChartMode(page, mode);
        // The watchlist is under the chart on a phone: where it starts at the first paint, before
        // the page's scripts have run...
        await page.addInitScript(() => {
          document.addEventListener("DOMContentLoaded", () => {
            const watchlist = document.querySelector('aside[aria-label="Watchlist"]');
            (window as unknown as { firstTop?: number }).firstTop = watchlist ? watchlist.getBoundingClientRect().top + window.scrollY : undefined;
          });
        });
        await page.goto(path);
        await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 20_000 });
        const figure = page.locator("figure[data-chart-card]");
        const watchlist = page.getByRole("complementary", { name: "Watchlist" });
        const before = await page.evaluate(() => (window as unknown as { firstTop?: number }).firstTop);
        expect(before, "the watchlist was laid out at the first paint").toBeDefined();
        await figure.scrollIntoViewIfNeeded();
        await expect(figure.locator('svg[data-chart="svg"]')).toHaveCount(0, { timeout: 30_000 });
        await expect(figure.locator(':is([data-chart="apex"], [data-chart="advanced"])')).toBeVisible();
        // ...and once the library has drawn: the room was kept from the first paint (it grew ~440 px before).
        const after = await pageTop(watchlist);
        expect(Math.abs(after - before!), `the watchlist moved from ${before} to ${after} px`).toBeLessThanOrEqual(24);
      });
    }
  }

  test("normal mode: two fingers spread on the chart zoom in, and the zoom holds through the chart's redraws", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewUser(page, { role: 3 });
    const figure = page.locator("figure[data-chart-card]");
    await figure.scrollIntoViewIfNeeded();
    const candlesDrawn = figure.locator('[data-chart="apex"] .apexcharts-candlestick-series path');
    await expect(candlesDrawn.first()).toBeAttached({ timeout: 30_000 });
    await figure.locator("details[data-table-view]").getByText("Table view").click();
    // The table view's caption counts the candles on screen: "…: (the newest 50 of) 120 visible candles, …".
    const visibleCandles = async () => Number((await figure.locator("[data-table-view] caption").textContent())?.match(/(\d+) visible candles/)?.[1]);
    // A phone opens on the newest candles that fit, about 4 px each (openingRange), not a year of
    // them squeezed into a pixel each: the toolbar's reset shows them all.
    const plotWidth = (await figure.locator('[data-chart="apex"] .apexcharts-grid').first().boundingBox())!.width;
    await expect.poll(visibleCandles, { timeout: 10_000 }).toBeLessThanOrEqual(Math.ceil(plotWidth / 4) + 1);
    const before = await visibleCandles();
    expect(before).toBeGreaterThan(20);
    const newest = () => figure.locator("[data-table-view] tbody tr").first().locator("time").getAttribute("datetime");
    const latest = await newest();

    // The middle of the price plot on screen (the chart is taller than what is left of a phone's screen).
    const grid = figure.locator('[data-chart="apex"] .apexcharts-grid').first();
    await grid.evaluate((el) => el.scrollIntoView({ block: "center" }));
    const plot = (await grid.boundingBox())!;
    const y = plot.y + plot.height / 2;
    const centre = plot.x + plot.width / 2;
    const client = await page.context().newCDPSession(page);
    const fingers = (type: "touchStart" | "touchMove" | "touchEnd", apart: number) =>
      client.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x: centre - apart / 2, y, id: 0 }, { x: centre + apart / 2, y, id: 1 }],
      });
    await fingers("touchStart", 40);
    for (let step = 1; step <= 8; step++) await fingers("touchMove", 40 + step * 25);
    await fingers("touchEnd", 240);
    await expect.poll(visibleCandles, { timeout: 10_000 }).toBeLessThan(before / 2);
    const zoomed = await visibleCandles();
    // The price scale fits the candles the zoom shows and the day's lines: the candles fill the
    // share of the plot that their range is of that scale (the whole chart's scale left them in a
    // band of it: 39% where they should have had 93%).
    await expect.poll(async () => Math.abs((await filledHeight(figure)) - (await fittedShare(figure))), { timeout: 10_000 }).toBeLessThan(0.05);
    // The volume bars follow the zoom, each under its candle (the zoom's x labels move the price plot's right edge).
    await expect.poll(() => plotsApart(figure), { timeout: 10_000 }).toBeLessThanOrEqual(2);

    // The chart redraws whole at least every 15 s (and when a bucket closes); the zoom stays.
    await page.waitForTimeout(16_000);
    expect(await visibleCandles()).toBeLessThanOrEqual(zoomed + 1);
    expect(Math.abs((await filledHeight(figure)) - (await fittedShare(figure))), "the zoom's scale outlasts the redraws").toBeLessThan(0.05);
    // One finger still pans: a drag to the right brings older candles in.
    const newestBefore = await newest();
    await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: plot.x + 20, y }] });
    for (let step = 1; step <= 8; step++) await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: plot.x + 20 + step * 25, y }] });
    await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(async () => Date.parse((await newest()) ?? ""), { timeout: 10_000 }).toBeLessThan(Date.parse(newestBefore!));
    // The candles follow the finger, not a fixed step per touch event: a 200 px drag over a
    // plot showing `zoomed` candles moves about 200 / width of them (ApexCharts' own pan moved
    // 8 steps of a fifteenth of the plot, or refused).
    const rows = await figure.locator("[data-table-view] tbody tr time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
    expect(rows).not.toContain(newestBefore);
    // And drags the other way come back to the newest candle, the live one (ApexCharts' pan
    // stopped short of its slot, which is not in its series), and no further.
    for (let drag = 0; drag < 6 && (await newest()) !== latest; drag++) {
      await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: plot.x + plot.width - 20, y }] });
      for (let step = 1; step <= 10; step++) await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: plot.x + plot.width - 20 - step * 20, y }] });
      await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.waitForTimeout(300);
    }
    await expect.poll(newest, { timeout: 10_000 }).toBe(latest);
    await figure.screenshot({ path: test.info().outputPath("zoomed-chart.png") });
  });

  test("advanced mode: the canvas is as wide as its card and a finger drag pans it (the visible candles change)", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewUser(page, { role: 3, goto: false });
    await saveChartMode(page, "advance");
    await page.goto("/dashboard");
    const figure = page.locator("figure[data-chart-card]");
    await figure.scrollIntoViewIfNeeded();
    const widget = figure.locator('[data-chart="advanced"]');
    await expect(widget).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    await expect(widget.locator("canvas").first()).toBeVisible();
    await expect(figure.locator('svg[data-chart="svg"]')).toHaveCount(0);

    // Full width: the library's element fills the card's content box.
    const widths = await figure.evaluate((card) => {
      const style = getComputedStyle(card);
      const content = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const chart = card.querySelector(".tv-lightweight-charts") as HTMLElement;
      return { content, chart: chart.getBoundingClientRect().width };
    });
    expect(widths.content).toBeGreaterThan(0);
    expect(Math.abs(widths.chart - widths.content)).toBeLessThanOrEqual(1);

    const newestShown = () => figure.locator("[data-table-view] tbody tr").first().locator("time").getAttribute("datetime");
    const before = await newestShown();
    expect(before).not.toBeNull();
    // A finger drags the chart to the right: older candles come into view. The drag starts on the
    // price pane (the leftmost canvas) and goes 200 px right, past it if the pane is narrower.
    await widget.scrollIntoViewIfNeeded();
    const pane = await widget.locator("canvas").evaluateAll((canvases) =>
      canvases
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .sort((a, b) => a.x - b.x || b.height - a.height)
        .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }))[0],
    );
    const y = pane.y + pane.height / 2;
    const client = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      client.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    const startX = pane.x + 4;
    await touch("touchStart", startX);
    for (let step = 1; step <= 10; step++) await touch("touchMove", startX + step * 20);
    await touch("touchEnd", startX + 200);
    await expect.poll(newestShown, { timeout: 10_000 }).not.toBe(before);
    expect(Date.parse((await newestShown())!)).toBeLessThan(Date.parse(before!));
  });
});
