// The import functions on fixtures and, when the shared folder of real NSE files exists, on the
// real files over the demo data set; and the import command itself, run as a process.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { dayOhlc, intradayOhlc, sectors, symbols } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { nearMonthFutures, parseBhavCopy } from "~/market/bhav.server";
import { importFileText, importMinuteBars, importSymbolList } from "~/market/import.server";
import { findSectorByName } from "~/models/symbol.server";
import { createTestContext, type TestContext } from "../support/context";
import { createSymbol, fixture, FIXTURES, SHARED_DATA } from "../support/market";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function symbolRow(code: string) {
  const [row] = await t.context.db.select().from(symbols).where(sql`upper(${symbols.symbolCode}) = ${code}`);
  return row ?? null;
}

describe("fixtures", () => {
  it("1-minute bars: stored under the -I code, starting at the bar's minute; unknown tickers create nothing", async () => {
    const nifty = await createSymbol(t.context.db, "NIFTY-I");
    const report = await importMinuteBars(t.context.db, fixture("minute/NIFTY_sample.csv"));
    expect(report.fatal).toBeNull();
    expect(report.storedCount).toBe(33);
    expect(report.stored).toEqual([{ line: 1, symbolCode: "NIFTY-I", detail: "33 1-minute candles, 2023-11-15 to 2023-11-16" }]);
    const candles = await t.context.db
      .select({ ts: intradayOhlc.ts, open: intradayOhlc.open, close: intradayOhlc.close, volume: intradayOhlc.volume })
      .from(intradayOhlc)
      .where(eq(intradayOhlc.symbolId, nifty.id))
      .orderBy(asc(intradayOhlc.ts));
    expect(candles).toHaveLength(33);
    // "09:16" is the bar ending at 09:16 IST: the minute from 09:15 IST = 03:45 UTC.
    expect(candles[0]).toEqual({ ts: new Date("2023-11-15T03:45:00Z"), open: 19650, close: 19651.5, volume: 3000 });

    // Importing the same file again changes nothing (the merge keeps the same values).
    await importMinuteBars(t.context.db, fixture("minute/NIFTY_sample.csv"));
    const again = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(intradayOhlc).where(eq(intradayOhlc.symbolId, nifty.id));
    expect(again[0].n).toBe(33);

    const unknown = await importMinuteBars(t.context.db, "FOOBAR_F1,20231115,09:16,1,2,0.5,1.5,10\nFOOBAR_F1,20231115,09:17,1,2,0.5,1.5,10\n");
    expect(unknown).toMatchObject({ fatal: null, storedCount: 0, skipped: { count: 2, codes: ["FOOBAR-I"] } });
    expect(await symbolRow("FOOBAR-I")).toBeNull();
  });

  it("1-minute bars: bad lines are listed, repeated minutes dropped", async () => {
    const csv = [
      "NIFTY_F1,20231120,09:16,19700,19710,19690,19705,100",
      "NIFTY_F1,20231120,09:16,19700,19710,19690,19705,100",
      "NIFTY_F1,20231120,25:00,19700,19710,19690,19705,100",
      "NIFTY_F1,20231120,09:17,x,19710,19690,19705,100",
    ].join("\n");
    const report = await importMinuteBars(t.context.db, csv);
    expect(report.storedCount).toBe(1);
    expect(report.ignored.count).toBe(1);
    expect(report.errors.map((e) => e.line)).toEqual([3, 4]);
  });

  it("NIFTY 500 list: creates missing sectors and symbols (inactive), leaves existing ones, lists a row without Symbol", async () => {
    const existing = await createSymbol(t.context.db, "INFY");
    const report = await importSymbolList(t.context.db, fixture("symbols/nifty500-sample.csv"));
    expect(report.fatal).toBeNull();
    expect(report.stored.map((s) => s.symbolCode)).toEqual(["ACC", "BAJFINANCE", "SBIN"]);
    expect(report.errors).toEqual([{ line: 5, message: "SYMBOL property is missing in data entry" }]);
    expect(report.ignored).toEqual({ count: 1, reason: "already listed (left unchanged)" });
    expect(report.notes.join(" ")).toMatch(/status off/);

    const acc = await symbolRow("ACC");
    const cement = await findSectorByName(t.context.db, "cement & cement products");
    expect(acc).toMatchObject({ symbolCode: "ACC", segment: "NSE", status: false, description: "ACC Ltd.", sectorId: cement!.id });
    expect(await symbolRow("BAJFINANCE")).toMatchObject({ description: "Bajaj Finance, Ltd.", status: false });
    // INFY was listed already: untouched (still active, no sector).
    expect(await symbolRow("INFY")).toMatchObject({ id: existing.id, status: true, sectorId: null });

    const again = await importSymbolList(t.context.db, fixture("symbols/nifty500-sample.csv"));
    expect(again.storedCount).toBe(0);
    expect(again.ignored.count).toBe(4);
    const names = await t.context.db.select({ name: sectors.sectorName }).from(sectors);
    expect(names.filter((n) => n.name.toUpperCase() === "FINANCIAL SERVICES")).toHaveLength(1);
  });

  it("importFileText tells the kind from the content", async () => {
    await createSymbol(t.context.db, "BANKNIFTY-I");
    const reference = await importFileText(t.context.db, fixture("reference/reference-points.csv"));
    expect(reference.kind).toBe("reference");
    expect(reference.storedCount).toBe(3);
    const bhav = await importFileText(t.context.db, fixture("bhav/udiff-fo-sample.csv"));
    expect(bhav).toMatchObject({ kind: "bhav", storedCount: 1 });
    const unknown = await importFileText(t.context.db, "Date,Open,High,Low,Close\n2000-01-03,1,2,0.5,1.5\n");
    expect(unknown.fatal).toMatch(/^Not a recognised file/);
  });
});

const FO_FILE = path.join(SHARED_DATA, "nse_fo_bhavcopy/fo01JAN2020bhav.csv");
const CM_FILE = path.join(SHARED_DATA, "nse_cm_bhavcopy/cm20NOV2017bhav.csv");
const MINUTE_FILE = path.join(SHARED_DATA, "intraday_1min/NIFTY_F1_1min_201710.csv");
const hasRealData = [FO_FILE, CM_FILE, MINUTE_FILE].every((f) => existsSync(f));
if (!hasRealData) console.warn(`[import.test] real NSE files not found under ${SHARED_DATA}: skipping the real-data imports`);

describe.skipIf(!hasRealData)("real NSE files over the demo data set", () => {
  let demo: TestContext;
  const idOf = new Map<string, number>();
  beforeAll(async () => {
    demo = await createTestContext();
    await seedDemoData(demo.context.db);
    for (const row of await demo.context.db.select({ id: symbols.id, code: symbols.symbolCode }).from(symbols)) idOf.set(row.code, row.id);
  });
  afterAll(async () => {
    await demo?.close();
  });

  async function bar(code: string, date: string) {
    const [row] = await demo.context.db
      .select()
      .from(dayOhlc)
      .where(and(eq(dayOhlc.symbolId, idOf.get(code)!), eq(dayOhlc.tradingDate, date)));
    return row ?? null;
  }

  it("fo01JAN2020bhav.csv stores NIFTY-I's and BANKNIFTY-I's settlement for 2020-01-01", async () => {
    const text = readFileSync(FO_FILE, "utf8");
    const report = await importFileText(demo.context.db, text);
    expect(report.fatal).toBeNull();
    expect(report.errorCount).toBe(0);
    expect(report.stored.map((s) => s.symbolCode).sort()).toEqual(["BANKNIFTY-I", "NIFTY-I"]);
    const near = nearMonthFutures(parseBhavCopy(text).rows).find((r) => r.symbol === "NIFTY")!;
    expect(near.expiry).toBe("2020-01-30");
    // Read by hand from the file: FUTIDX,NIFTY,30-Jan-2020,…,12243.8,12243.8,54399,…
    expect(near.settlePrice).toBe(12243.8);
    expect(await bar("NIFTY-I", "2020-01-01")).toMatchObject({
      open: near.open,
      high: near.high,
      low: near.low,
      close: near.close,
      settlePrice: 12243.8,
      volume: 54399,
    });
    expect(await bar("BANKNIFTY-I", "2020-01-01")).toMatchObject({ settlePrice: 32285.2 });
    // 147 near-month futures; the other 145 underlyings have no -I symbol in the demo set.
    expect(report.skipped.count).toBe(145);
    expect(report.ignored.count).toBe(31809 - 147);
  });

  it("cm20NOV2017bhav.csv stores the demo shares' EQ rows (RELIANCE, SBIN, …) and skips the rest", async () => {
    const text = readFileSync(CM_FILE, "utf8");
    const report = await importFileText(demo.context.db, text);
    expect(report.fatal).toBeNull();
    const parsed = parseBhavCopy(text).rows.filter((r) => r.series === "EQ");
    const demoShares = parsed.filter((r) => idOf.has(r.symbol));
    expect(demoShares.length).toBeGreaterThan(20);
    expect(report.storedCount).toBe(demoShares.length);
    expect(report.skipped.count).toBe(parsed.length - demoShares.length);
    for (const code of ["RELIANCE", "SBIN", "INFY", "TCS"]) {
      const row = demoShares.find((r) => r.symbol === code)!;
      expect(await bar(code, "2017-11-20")).toMatchObject({ open: row.open, high: row.high, low: row.low, close: row.close, settlePrice: row.close });
    }
    // Nothing was stored for an index future from an equity file.
    expect(await bar("NIFTY-I", "2017-11-20")).toBeNull();
    const stored = await demo.context.db.select({ n: sql<number>`count(*)::int` }).from(dayOhlc).where(eq(dayOhlc.tradingDate, "2017-11-20"));
    expect(stored[0].n).toBe(demoShares.length);
  });

  it("NIFTY_F1 October 2017 bars go to NIFTY-I without the repeated day", async () => {
    const report = await importFileText(demo.context.db, readFileSync(MINUTE_FILE, "utf8"));
    expect(report).toMatchObject({ kind: "minute", fatal: null, storedCount: 7539 - 377, ignored: { count: 377 } });
    const [count] = await demo.context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(intradayOhlc)
      .where(and(eq(intradayOhlc.symbolId, idOf.get("NIFTY-I")!), sql`${intradayOhlc.ts} < '2017-11-01'`));
    expect(count.n).toBe(7162);
  });
});

describe("npm run import (the command)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync("npx", ["tsx", "scripts/import.ts", ...args], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."),
      env: { ...process.env, DATABASE_URL: path.join(dir, "pglite"), SEED_DEMO: "0" },
      encoding: "utf8",
      timeout: 120_000,
    });

  it("imports a folder (symbol list first), prints a summary per file and exits 0", async () => {
    // A folder of its own, with a sub-folder and a file the import does not know.
    const input = path.join(dir, "input");
    mkdirSync(path.join(input, "lists"), { recursive: true });
    cpSync(path.join(FIXTURES, "bhav/cm-legacy-sample.csv"), path.join(input, "cm-legacy-sample.csv"));
    cpSync(path.join(FIXTURES, "minute/NIFTY_sample.csv"), path.join(input, "NIFTY_sample.csv"));
    cpSync(path.join(FIXTURES, "symbols/nifty500-sample.csv"), path.join(input, "lists/nifty500-sample.csv"));
    writeFileSync(path.join(input, "notes.txt"), "Bhav copies for November, see the shared folder.\n");
    const result = run(input);
    expect(result.stderr).toMatch(/PGlite has no lock between processes/);
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out.indexOf("nifty500-sample.csv")).toBeLessThan(out.indexOf("cm-legacy-sample.csv"));
    expect(out).toMatch(/NSE index constituent list\n\s+Data posted successfully: 4 rows stored/);
    // The equity rows find the symbols the list just created.
    expect(out).toMatch(/NSE equity bhav copy \(old format\)\n\s+Data posted successfully: 3 rows stored/);
    expect(out).toMatch(/NIFTY_sample.csv[^\n]*\n\s+Vendor 1-minute bars\n\s+0 rows stored\n[^\n]*33 rows skipped: symbol not listed \(NIFTY-I\)/);
    expect(out).toMatch(/status off/);
    expect(out).toMatch(/notes.txt: not a recognised file, left out\./);
    expect(out).toMatch(/3 imported, 0 failed, 1 left out\./);
  }, 150_000);

  it("exits 1 when a file named on the command line is not recognised", () => {
    const result = run("tests/fixtures/bhav/fo-legacy-sample.csv", "package.json");
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/package.json[^\n]*\n\s+Error posting data: Not a recognised file/);
    expect(result.stdout).toMatch(/1 imported, 1 failed/);
  }, 150_000);

  it("exits 2 with the usage when given nothing", () => {
    const result = run();
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/Usage: npm run import -- <file or folder>/);
  }, 60_000);
});
