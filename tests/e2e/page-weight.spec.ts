// Page weight: a signed-in page without a chart loads at most 150 KB of gzipped JavaScript,
// and the chart library comes only on pages that draw a chart.
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";

const BUDGET_BYTES = 150 * 1024;

async function javascriptOf(page: Page, path: string) {
  // The page signed in on (the dashboard, which draws a chart) finishes loading first, so none
  // of its lazily loaded chunks is counted against the page measured here.
  await page.waitForLoadState("networkidle");
  const scripts: { url: string; gzipped: number; text: string }[] = [];
  // Reading a body is asynchronous: keep each read's promise and wait for all of them, or a
  // large chunk read after networkidle would be missed.
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    if (!response.url().endsWith(".js")) return;
    reads.push(
      response
        .body()
        .then((body) => {
          scripts.push({ url: response.url(), gzipped: gzipSync(body).length, text: body.toString("utf8", 0, Math.min(body.length, 400_000)) });
        })
        .catch(() => {}),
    );
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await Promise.all(reads);
  return scripts;
}

const isChartLibrary = (s: { text: string }) => /apexcharts|ApexCharts|lightweight-charts|LightweightCharts/.test(s.text);

test("a signed-in page without a chart stays under 150 KB of gzipped JavaScript and loads no chart library", async ({ page }) => {
  await signInAsNewUser(page, { role: 1 });
  const scripts = await javascriptOf(page, "/allRealTime");
  const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  console.log(`[page-weight] /allRealTime: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.filter(isChartLibrary).map((s) => s.url)).toEqual([]);
});

test("/overview draws its gauges as SVG: under 150 KB of gzipped JavaScript and no chart library", async ({ page }) => {
  await signInAsNewUser(page, { role: 3 });
  const scripts = await javascriptOf(page, "/overview");
  const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  console.log(`[page-weight] /overview: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.filter(isChartLibrary).map((s) => s.url)).toEqual([]);
});

test("a chart page loads the chart library", async ({ page }) => {
  await signInAsNewUser(page, { role: 1 });
  const scripts = await javascriptOf(page, "/chart?symbol=NIFTY-I");
  expect(scripts.some(isChartLibrary)).toBe(true);
});
