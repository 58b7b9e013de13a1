// Page weight: a signed-in page without a chart loads at most 150 KB of gzipped JavaScript,
// and the chart library comes only on pages that draw a chart.
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

const BUDGET_BYTES = 150 * 1024;

async function javascriptOf(page: Page, path: string) {
  const scripts: { url: string; gzipped: number; text: string }[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.push({ url: response.url(), gzipped: gzipSync(body).length, text: body.toString("utf8", 0, Math.min(body.length, 400_000)) });
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return scripts;
}

const isChartLibrary = (s: { text: string }) => /apexcharts|ApexCharts|lightweight-charts|LightweightCharts/.test(s.text);

test("a signed-in page without a chart stays under 150 KB of gzipped JavaScript and loads no chart library", async ({ page }) => {
  await signIn(page, "admin");
  const scripts = await javascriptOf(page, "/allRealTime");
  const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  console.log(`[page-weight] /allRealTime: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.filter(isChartLibrary).map((s) => s.url)).toEqual([]);
});

test("a chart page loads the chart library", async ({ page }) => {
  await signIn(page, "admin");
  const scripts = await javascriptOf(page, "/chart?symbol=NIFTY-I");
  expect(scripts.some(isChartLibrary)).toBe(true);
});
