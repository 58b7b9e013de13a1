// Live charts across time (docs/decisions/127), with JavaScript, against the simulated feed:
// charts kept open across bucket boundaries show what /chart-data answers; the intraday axis
// has no room for nights; line labels never cover each other, on a desktop and on a phone.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsNewUser } from "./support";

const MIN = 60_000;
/** 09:15 IST: intraday buckets are counted from the session open (written here independently of the app). */
const SESSION_ORIGIN = Date.parse("2000-01-03T09:15:00+05:30");
const bucketOf = (time: number, minutes: number) => Math.floor((time - SESSION_ORIGIN) / (minutes * MIN)) * minutes * MIN + SESSION_ORIGIN;

interface Row {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const num = (text: string | null) => Number((text ?? "").replace(/,/g, ""));

/** How many of the newest candles a journey compares (the table view lists up to 60). */
const COMPARED_ROWS = 10;

/** The chart's newest candles as its table view lists them for screen readers, newest first. */
async function tableRows(page: Page, timeframe: string): Promise<Row[]> {
  const view = page.locator("details[data-table-view]").first();
  // Opened as a reader would, once (a second click on its summary would close it).
  if ((await view.getAttribute("open")) === null) await view.locator("summary").click();
  const table = view.getByRole("table", { name: new RegExp(`^NIFTY-I ${timeframe}:`) });
  const rows = await table.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll("td")].map((td) => Number((td.textContent ?? "").replace(/,/g, "")));
      return {
        time: Date.parse(tr.querySelector("time")?.getAttribute("datetime") ?? ""),
        open: cells[0],
        high: cells[1],
        low: cells[2],
        close: cells[3],
        volume: cells[4],
      };
    }),
  );
  return rows.slice(0, COMPARED_ROWS);
}

/** /chart-data's candles as the table shows them (two decimals, whole volumes). */
async function chartData(page: Page, timeframe: string, query: string): Promise<Row[]> {
  const res = await page.request.get(`/chart-data?symbol=NIFTY-I&timeframe=${timeframe}&${query}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { candles: Row[] };
  const two = (n: number) => num(n.toFixed(2));
  return body.candles.map((c) => ({ time: c.time, open: two(c.open), high: two(c.high), low: two(c.low), close: two(c.close), volume: Math.round(c.volume) }));
}

async function openChart(browser: Browser, timeframe: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signInAsNewUser(page, { role: 3, goto: false });
  await page.goto(`/chart?symbol=NIFTY-I&tf=${timeframe}`);
  await expect(page.locator('[data-chart="apex"] .apexcharts-candlestick-series path').first()).toBeAttached({ timeout: 30_000 });
  // The selector names the timeframe drawn, even one the page does not offer itself (M1).
  await expect(page.getByLabel("Timeframe")).toHaveValue(timeframe);
  return page;
}

test.describe("live candles across bucket boundaries", () => {
  test("an M1 chart kept open across two boundaries and an M3 chart across one list exactly the candles /chart-data answers", async ({ browser }) => {
    // Up to three minutes of the feed's real time (the M3 boundary); the M1 chart also sees a
    // bucket built wholly live. Both pages stay open meanwhile.
    test.setTimeout(7 * MIN);
    const charts = [
      { timeframe: "M1", minutes: 1, boundaries: 2, page: await openChart(browser, "M1") },
      { timeframe: "M3", minutes: 3, boundaries: 1, page: await openChart(browser, "M3") },
    ];
    const loadedAt = Date.now();

    // Within a bucket the live candle keeps its open while its close follows the feed.
    for (const { page, timeframe } of charts) {
      const first = (await tableRows(page, timeframe))[0];
      await expect
        .poll(async () => {
          const now = (await tableRows(page, timeframe))[0];
          if (now.time !== first.time) return "a new bucket began";
          expect(now.open).toBe(first.open);
          expect(now.high).toBeGreaterThanOrEqual(Math.max(now.open, now.close));
          expect(now.low).toBeLessThanOrEqual(Math.min(now.open, now.close));
          return now.close !== first.close || now.volume !== first.volume ? "moved" : "still";
        }, { timeout: 20_000 })
        .not.toBe("still");
    }

    const lastBoundary = Math.max(...charts.map((c) => bucketOf(loadedAt, c.minutes) + c.boundaries * c.minutes * MIN));
    // Until both charts' live candle is past the last of the boundaries, as each page shows it.
    for (const { page, timeframe, minutes } of charts) {
      await expect
        .poll(async () => (await tableRows(page, timeframe))[0].time, { timeout: Math.max(0, lastBoundary - Date.now()) + 60_000, intervals: [5_000] })
        .toBeGreaterThanOrEqual(bucketOf(lastBoundary, minutes));
    }

    for (const { page, timeframe, minutes, boundaries } of charts) {
      const loadBucket = bucketOf(loadedAt, minutes);
      await expect(async () => {
        const rows = await tableRows(page, timeframe);
        expect(rows).toHaveLength(COMPARED_ROWS);
        const [live, ...closedNewestFirst] = rows;
        const closed = closedNewestFirst.reverse();
        expect(live.time).toBe(bucketOf(Date.now(), minutes));
        // The bucket the page was loaded in (and for M1 the next, built wholly live) are still drawn, each whole.
        for (let b = 0; b < boundaries; b++) expect(closed.map((c) => c.time)).toContain(loadBucket + b * minutes * MIN);
        // Every closed candle is /chart-data's, figure for figure: what a reload would draw.
        expect(closed).toEqual(await chartData(page, timeframe, `countback=${closed.length}&to=${live.time}`));
        // The live candle is the bucket /chart-data is filling, opened at its first price.
        const [serverLive] = await chartData(page, timeframe, `countback=1&to=${Date.now() + MIN}`);
        expect(serverLive.time).toBe(live.time);
        expect(live.open).toBe(serverLive.open);
      }).toPass({ timeout: 40_000, intervals: [1_000, 2_000, 4_000] });
    }
    for (const { page } of charts) await page.context().close();
  });
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) test.describe(`the live candle between whole redraws (docs/decisions/127, ${viewport.name})`, () => {
  test("moves on every tick over a chart that is not redrawn, and equals the table's live candle", async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await openChart(browser, "M5", { width: viewport.width, height: viewport.height });
    try {
      const live = page.locator("[data-live-candle]");
      await expect(live).toBeAttached({ timeout: 10_000 });
      // Tag the chart's drawing: a whole redraw replaces its SVG.
      const tagDrawing = () =>
        page.locator('[data-chart="apex"] .apexcharts-candlestick-series').first().evaluate((el) => {
          (el as unknown as { __drawing?: boolean }).__drawing = true;
        });
      const sameDrawing = () =>
        page.evaluate(() => {
          const el = document.querySelector('[data-chart="apex"] .apexcharts-candlestick-series') as unknown as { __drawing?: boolean } | null;
          return el?.__drawing === true;
        });
      const read = async () => {
        const [time, open, high, low, close] = ((await live.getAttribute("data-live-candle")) ?? "").split(":").map(Number);
        return { time, open, high, low, close };
      };
      await tagDrawing();
      const first = await read();
      let moves = 0;
      let movesOverSameDrawing = 0;
      let seen = first;
      // Ticks within one five-minute bucket: the mark moves, and the drawing under it mostly stays
      // (a whole redraw comes only with a boundary, a scale left, or every 15 s).
      for (let i = 0; i < 40 && movesOverSameDrawing < 3; i++) {
        // The next tick: the mark's figures change.
        const before = (await live.getAttribute("data-live-candle")) ?? "";
        await expect(live).not.toHaveAttribute("data-live-candle", before, { timeout: 10_000 });
        const now = await read();
        if (now.time !== first.time) break;
        if (now.close !== seen.close || now.high !== seen.high || now.low !== seen.low) {
          moves += 1;
          expect(now.open).toBe(first.open);
          expect(now.high).toBeGreaterThanOrEqual(seen.high);
          expect(now.low).toBeLessThanOrEqual(seen.low);
          seen = now;
          if (await sameDrawing()) movesOverSameDrawing += 1;
          else await tagDrawing();
        }
      }
      expect(moves, "the live candle moved with the feed").toBeGreaterThan(0);
      expect(movesOverSameDrawing, "ticks moved the live candle without a whole redraw").toBeGreaterThanOrEqual(Math.min(3, moves) - 1);
      expect(movesOverSameDrawing).toBeGreaterThan(0);
      // The mark is the live candle the table lists (and /chart-data fills), figure for figure.
      await expect(async () => {
        const [row] = await tableRows(page, "M5");
        const mark = await read();
        expect(mark.time).toBe(row.time);
        expect([mark.open, mark.high, mark.low, mark.close].map((n) => Number(n.toFixed(2)))).toEqual([row.open, row.high, row.low, row.close]);
      }).toPass({ timeout: 10_000 });
    } finally {
      await page.context().close();
    }
  });
});

/** The x centre of each drawn candle (the wick's x in ApexCharts' path). */
async function candleCentres(page: Page): Promise<number[]> {
  const ds = await page.locator('[data-chart="apex"] .apexcharts-candlestick-series path').evaluateAll((els) => els.map((e) => e.getAttribute("d") ?? ""));
  return ds.map((d) => Number(/^M\s*[-\d.]+\s+[-\d.]+\s*L\s*([-\d.]+)/.exec(d)?.[1])).filter(Number.isFinite);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`intraday axis and line labels (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const timeframe of ["M1", "M5"]) {
      test(`${timeframe}: nights and holidays take no room, candles sit side by side`, async ({ page }) => {
        test.setTimeout(60_000);
        await signInAsNewUser(page, { role: 3, goto: false });
        await page.goto(`/chart?symbol=NIFTY-I&tf=${timeframe}`);
        await expect(page.locator('[data-chart="apex"] .apexcharts-candlestick-series path').first()).toBeAttached({ timeout: 30_000 });
        // The candles shown span a night (the demo history's last session and the live feed).
        const data = await chartData(page, timeframe, "countback=300");
        const minutes = Number(timeframe.slice(1));
        expect(data[data.length - 1].time - data[0].time).toBeGreaterThan(2 * data.length * minutes * MIN);
        // A phone opens on the newest candles that fit (decision 155); the toolbar's reset shows them all.
        const reset = page.locator('[data-chart="apex"] .apexcharts-reset-icon').first();
        if (viewport.name === "phone") await reset.click();
        await expect.poll(async () => (await candleCentres(page)).length, { timeout: 10_000 }).toBeGreaterThan(100);
        const xs = await candleCentres(page);
        const steps = xs.slice(1).map((x, i) => x - xs[i]);
        // No step wider than one bucket's: the night between sessions is not drawn.
        expect(Math.max(...steps)).toBeLessThanOrEqual(Math.min(...steps) * 1.5 + 0.01);
        expect(Math.min(...steps)).toBeGreaterThan(0);
      });
    }

    test("line labels never cover each other, in normal and advanced mode", async ({ page, browser }) => {
      test.setTimeout(120_000);
      await signInAsNewUser(page, { role: 3 });
      // The daily chart: Pivot and Prev Close are a few pixels apart on a year's price scale.
      await page.goto("/chart?symbol=NIFTY-I&tf=D1");
      await expectLabelsApart(page, page.locator('[data-chart="apex"]'));

      const advanced = await (await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } })).newPage();
      await signInAsNewUser(advanced, { role: 3, label: "labels", goto: "/setting" });
      await advanced.getByLabel("Chart mode (viewChart)").selectOption("advance");
      await advanced.getByRole("button", { name: "Save View Setting" }).click();
      await expect(advanced.getByRole("status")).toContainText("Setting saved successfully");
      await expect(advanced.getByLabel("Chart mode (viewChart)")).toHaveValue("advance");
      await advanced.goto("/chart?symbol=NIFTY-I&tf=D1");
      const widget = advanced.locator('[data-chart="advanced"]');
      await expect(widget).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
      await expectLabelsApart(advanced, widget);
      await advanced.context().close();
    });
  });
}

async function expectLabelsApart(page: Page, chart: ReturnType<Page["locator"]>) {
  const labels = chart.locator("[data-line-label]");
  await expect(labels.first()).toBeVisible({ timeout: 30_000 });
  await expect(labels.filter({ hasText: "Prev Close" })).toHaveCount(1);
  const boxes = await labels.evaluateAll((els) => els.map((e) => ({ name: e.textContent, ...e.getBoundingClientRect().toJSON() }) as { name: string; x: number; y: number; width: number; height: number }));
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  const area = await chart.boundingBox();
  for (const [i, a] of boxes.entries()) {
    expect(a.height).toBeGreaterThan(0);
    // Inside the chart.
    expect(a.y).toBeGreaterThanOrEqual((area?.y ?? 0) - 0.5);
    expect(a.y + a.height).toBeLessThanOrEqual((area?.y ?? 0) + (area?.height ?? 0) + 0.5);
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;
      expect(apart, `"${a.name}" and "${b.name}" overlap`).toBe(true);
    }
  }
}

