// Page weight: a signed-in page without a chart loads at most 150 KB of gzipped JavaScript,
// the chart library comes only on pages that draw a chart, and on a phone the dashboard's first
// load is at most 300 KB on the wire: the library waits until the chart is in view
// (docs/decisions/155).
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";
import { PHONE } from "./page-sweep";
import { breakdown, countWireBytes, KB } from "./wire-bytes";

const BUDGET_BYTES = 150 * 1024;

async function javascriptOf(page: Page, path: string, shown?: (page: Page) => Promise<void>) {
  // Whatever the page was showing finishes loading first, so none of its lazily loaded chunks
  // is counted against the page measured here.
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
  // A chunk fetched after hydration (the chart library, once the chart is in view) can start
  // after the network has been idle for half a second on a busy machine: wait for what it shows.
  if (shown) await shown(page);
  await Promise.all(reads);
  return scripts;
}

const isChartLibrary = (s: { text: string }) => /apexcharts|ApexCharts|lightweight-charts|LightweightCharts/.test(s.text);

test("a signed-in page without a chart stays under 150 KB of gzipped JavaScript and loads no chart library", async ({ page }) => {
  await signInAsNewUser(page, { role: 1, goto: false });
  const scripts = await javascriptOf(page, "/allRealTime");
  const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  console.log(`[page-weight] /allRealTime: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.filter(isChartLibrary).map((s) => s.url)).toEqual([]);
});

test("/overview draws its gauges as SVG: under 150 KB of gzipped JavaScript and no chart library", async ({ page }) => {
  await signInAsNewUser(page, { role: 3, goto: false });
  const scripts = await javascriptOf(page, "/overview");
  const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
  console.log(`[page-weight] /overview: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(scripts.filter(isChartLibrary).map((s) => s.url)).toEqual([]);
});

test("a chart page loads the chart library", async ({ page }) => {
  await signInAsNewUser(page, { role: 1, goto: false });
  const scripts = await javascriptOf(page, "/chart?symbol=NIFTY-I", async (chartPage) => {
    await expect(chartPage.locator('figure[data-chart-card] :is([data-chart="apex"], [data-chart="advanced"])').first()).toBeVisible({ timeout: 30_000 });
  });
  expect(scripts.some(isChartLibrary)).toBe(true);
});

test.describe("the dashboard on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("its first load is at most 300 KB on the wire, without a chart library", async ({ page, context }) => {
    await signInAsNewUser(page, { role: 3, goto: false });
    // A fresh tab, as a first visit: nothing cached (the session cookie stays).
    const fresh = await context.newPage();
    const wire = await countWireBytes(context, fresh);
    await fresh.goto("/dashboard");
    // The first load is over when the page has hydrated, its live connection is up and the network is quiet.
    await expect(fresh.locator('[data-connection="live"]')).toBeAttached({ timeout: 20_000 });
    await fresh.waitForLoadState("networkidle");
    const requests = await wire.requests();
    const bytes = wire.total();
    console.log(`[page-weight] /dashboard at ${PHONE.width} x ${PHONE.height}: ${(bytes / KB).toFixed(1)} KB on the wire\n${breakdown(requests)}`);
    expect(requests.filter((r) => r.part === "apexcharts" || r.part === "lightweight-charts").map((r) => r.url)).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(300 * KB);
  });
});

test("the build's files go out as the brotli written at build time, and as gzip to a client without brotli", async ({ page, request }) => {
  await page.goto("/login");
  // The root module (over the middleware's 1 KB threshold, so it is compressed either way), as
  // Remix's manifest names it.
  const file = await page.evaluate(() => (window as unknown as { __remixManifest: { routes: { root: { module: string } } } }).__remixManifest.routes.root.module);
  expect(file).toMatch(/^\/build\/root-[A-Z0-9]+\.js$/);
  const brotli = await request.get(file, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(brotli.status()).toBe(200);
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers()["content-type"]).toMatch(/javascript/);
  expect(brotli.headers()["cache-control"]).toContain("immutable");
  // The build's copy, not the middleware's per-request brotli (quality 2, sent chunked): its length
  // is that of the script at quality 11, as scripts/precompress-build.mjs writes it.
  const source = await brotli.body();
  const atBuild = brotliCompressSync(source, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  expect(Number(brotli.headers()["content-length"])).toBe(atBuild.length);
  const gzip = await request.get(file, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  // The same script either way (the request context decodes both).
  expect(source.equals(await gzip.body())).toBe(true);
});
