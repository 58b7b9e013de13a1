// Studies and day levels drawn from the user's settings, in both chart modes, and swing_alert in
// the browser (docs/decisions/129). The studies are on the admin's Indicator setting panel only,
// so each journey uses an admin of its own (tests/e2e/support.ts, signInAsNewUser): changing
// its settings disturbs no other test.
import { expect, test, type Page } from "@playwright/test";
import { STUDY_NAMES } from "../../app/domain/user-settings";
import { saveChartMode, signInAsNewUser } from "./support";

/** What each study option draws, in drawing order: the names in the chart's legend (normal) and data-studies (advanced). */
const DRAWN: Record<(typeof STUDY_NAMES)[number], { lines: string[]; pane?: string }> = {
  "Moving Average": { lines: ["SMA 20"] },
  RSI: { lines: ["RSI 14"], pane: "RSI 14" },
  MACD: { lines: ["MACD Histogram", "MACD", "MACD Signal"], pane: "MACD 12 26 9" },
  "Bollinger Bands": { lines: ["BB Upper 20 2", "BB Basis 20", "BB Lower 20 2"] },
  Volume: { lines: ["Volume MA 20"] },
  VWAP: { lines: ["VWAP"] },
};

/** An admin of this test's own (two-factor enrolled, as an admin must be): its settings are no other test's. */
async function asAdmin(page: Page) {
  await signInAsNewUser(page, { role: 1, label: "studies", goto: false });
}

async function saveIndicators(page: Page, studies: readonly string[], lines: readonly string[] = []) {
  await page.goto("/setting");
  const panel = page.getByRole("region", { name: "Indicator setting" });
  for (const name of STUDY_NAMES) await panel.getByRole("checkbox", { name, exact: true }).setChecked(studies.includes(name));
  for (const name of ["MA", "WA", "MD", "WD"]) await panel.getByRole("switch", { name, exact: true }).setChecked(lines.includes(name));
  await panel.getByRole("button", { name: "Save Indicator setting" }).click();
  await expect(page.getByRole("status")).toContainText("Setting saved successfully");
}

test.describe("studies from the Indicator setting, in both chart modes", () => {

  test("normal mode (ApexCharts): each study's lines are in the chart's legend, oscillators in their own pane; MA/WA/MD/WD lines", async ({ page }) => {
    test.setTimeout(300_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await asAdmin(page);
    await saveChartMode(page, "normal");
    for (const name of STUDY_NAMES) {
      await saveIndicators(page, [name]);
      await page.goto("/chart?symbol=NIFTY-I&tf=D1");
      const chart = page.locator('[data-chart="apex"]');
      await expect(chart.locator(".apexcharts-candlestick-series path").first()).toBeAttached({ timeout: 20_000 });
      const legend = chart.locator(".apexcharts-legend-text");
      for (const line of DRAWN[name].lines) await expect(legend.filter({ hasText: new RegExp(`^${line}$`) }), `${name}: ${line}`).toHaveCount(1);
      // Only the chosen study: no other study's line.
      const others = STUDY_NAMES.filter((n) => n !== name).flatMap((n) => DRAWN[n].lines.filter((l) => !DRAWN[name].lines.includes(l)));
      for (const line of others) await expect(legend.filter({ hasText: new RegExp(`^${line}$`) })).toHaveCount(0);
      const pane = DRAWN[name].pane;
      if (pane) {
        await expect(chart.locator(`[data-study-pane="${pane}"]`)).toBeVisible();
        await expect(chart.locator(`[data-study-pane="${pane}"] .apexcharts-line-series path`).first()).toBeAttached();
      } else {
        await expect(chart.locator("[data-study-pane]")).toHaveCount(0);
      }
    }
    // The day levels: a line for each switch turned on, at the stored values.
    await saveIndicators(page, [], ["MA", "WA", "MD", "WD"]);
    await page.goto("/chart?symbol=NIFTY-I&tf=D1");
    const labels = page.locator('[data-chart="apex"] [data-line-label]');
    for (const name of ["MA", "WA", "MD", "WD"]) await expect(labels.filter({ hasText: new RegExp(`^${name} [\\d,]+\\.\\d{2}$`) })).toHaveCount(1, { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test("advanced mode (lightweight-charts): each study's series are drawn, oscillators in panes of their own; MA/WA/MD/WD lines", async ({ page }) => {
    test.setTimeout(300_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await asAdmin(page);
    await saveChartMode(page, "advance");
    for (const name of STUDY_NAMES) {
      await saveIndicators(page, [name]);
      await page.goto("/chart?symbol=NIFTY-I&tf=D1");
      const widget = page.locator('[data-chart="advanced"]');
      await expect(widget).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
      const drawn = widget.locator("[data-studies]");
      await expect(drawn).toHaveAttribute("data-studies", DRAWN[name].lines.join("|"));
      await expect(drawn).toHaveAttribute("data-study-panes", DRAWN[name].pane ?? "");
    }
    await saveIndicators(page, [], ["MA", "WA", "MD", "WD"]);
    await page.goto("/chart?symbol=NIFTY-I&tf=D1");
    const widget = page.locator('[data-chart="advanced"]');
    await expect(widget).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    await expect(widget.locator("[data-studies]")).toHaveAttribute("data-studies", "");
    for (const name of ["MA", "WA", "MD", "WD"]) await expect(widget.locator("[data-line-label]").filter({ hasText: new RegExp(`^${name} `) })).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("on a phone (390 x 844) the oscillator panes are visible in both modes", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await asAdmin(page);
    await saveIndicators(page, ["RSI", "MACD"]);
    await saveChartMode(page, "normal");
    await page.goto("/chart?symbol=NIFTY-I&tf=D1");
    const container = page.locator('[data-chart="apex"]');
    // On a phone the sidebar is a drawer, closed by default (docs/decisions/147): the chart has the width.
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
    await expect(container.locator("[data-study-pane]")).toHaveCount(2, { timeout: 20_000 });
    const width = (await container.boundingBox())!.width;
    for (const pane of ["RSI 14", "MACD 12 26 9"]) {
      const box = container.locator(`[data-study-pane="${pane}"]`);
      await box.scrollIntoViewIfNeeded();
      await expect(box).toBeInViewport();
      // The oscillator is drawn across the chart's width and is tall enough to read. Read in one
      // step in the page: ApexCharts draws its paths anew as the live candle moves.
      const drawnWidth = () => box.evaluate((el) => el.querySelector(".apexcharts-line-series path")?.getBoundingClientRect().width ?? 0);
      await expect.poll(drawnWidth, { timeout: 20_000 }).toBeGreaterThan(width * 0.6);
      expect(width).toBeGreaterThan(300);
      await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    }
    await saveChartMode(page, "advance");
    await page.goto("/chart?symbol=NIFTY-I&tf=D1");
    const widget = page.locator('[data-chart="advanced"]');
    await expect(widget).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
    await expect(widget.locator("[data-studies]")).toHaveAttribute("data-study-panes", "RSI 14|MACD 12 26 9");
    // lightweight-charts lays its panes out as table rows, one canvas each: the oscillators' rows are there and tall enough to read.
    // It lays them out in its own animation frames after the series are set: polled, not read once.
    const paneRowHeights = () =>
      widget.locator("[data-studies] table tr").evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height).filter((h) => h > 40));
    await expect.poll(async () => (await paneRowHeights()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(Math.min(...(await paneRowHeights()))).toBeGreaterThan(60);
    const chartBox = await widget.locator("[data-studies]").boundingBox();
    expect(chartBox!.width).toBeLessThanOrEqual(390);
    await saveChartMode(page, "normal");
  });
});

test.describe("swing_alert reaches the chart", () => {
  test("a toast and the swing line on an alert of the chart's symbol; an alert after 1 o'clock clears the line", async ({ page }) => {
    test.setTimeout(90_000);
    // The server's socket is used as it is; the test only adds two swing_alert frames to what it sends.
    const toPage: { send?: (frame: string) => void } = {};
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      ws.connectToServer();
      toPage.send = (frame) => ws.send(frame);
    });
    await signInAsNewUser(page, { role: 3, goto: false });
    await page.goto("/chart?symbol=NIFTY-I&tf=M5");
    const chart = page.locator('[data-chart="apex"]');
    await expect(chart.locator(".apexcharts-candlestick-series path").first()).toBeAttached({ timeout: 20_000 });
    // Live prices are arriving: the socket is connected and subscribed.
    const close = page.locator("[data-readout] span").nth(3);
    const first = await close.textContent();
    await expect.poll(async () => close.textContent(), { timeout: 20_000 }).not.toBe(first);
    expect(toPage.send).toBeDefined();
    const price = Number((await close.textContent())!.replace(/[^\d.]/g, "")); // "C 23,957.35"
    expect(price).toBeGreaterThan(0);
    const alert = (clearLine: boolean, kind: "high" | "low") =>
      `42${JSON.stringify(["swing_alert", { symbolCode: "NIFTY-I", kind, price, time: Date.now() - 60_000, clearLine }])}`;

    // Another symbol's alert: nothing.
    toPage.send!(`42${JSON.stringify(["swing_alert", { symbolCode: "BANKNIFTY-I", kind: "low", price, time: Date.now(), clearLine: false }])}`);
    toPage.send!(alert(false, "high"));
    const toast = page.locator("[data-swing-toast]");
    await expect(toast).toContainText(/^Swing high on NIFTY-I at [\d,]+\.\d{2} \(\d{2}:\d{2}:\d{2} [AP]M\)/);
    await expect(page.locator("[data-swing-toast]")).toHaveCount(1);
    const line = chart.locator('[data-line-label^="Swing"]');
    await expect(line).toHaveAttribute("data-line-label", "Swing high");

    toPage.send!(alert(true, "low"));
    await expect(toast).toContainText("Swing low on NIFTY-I");
    await expect(line).toHaveCount(0);
  });
});
