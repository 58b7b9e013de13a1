import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatIstDateTime, istDateString } from "~/domain/dates";
import { SYMBOL_MISSING_MESSAGE } from "~/market/bhav.server";
import { dedupeMinuteBars, type MinuteBar, minuteBarStartMs, parseMinuteCsv, parseSymbolList } from "~/market/minute-csv.server";
import { FIXTURES, SHARED_DATA } from "../support/market";


describe("minuteBarStartMs", () => {
  it("turns the IST bar-end stamp into the minute's start in UTC", () => {
    expect(new Date(minuteBarStartMs("20171003", "09:16")!).toISOString()).toBe("2017-10-03T03:45:00.000Z");
    expect(minuteBarStartMs("20171003", "15:30")).toBe(Date.parse("2017-10-03T15:29:00+05:30"));
    expect(minuteBarStartMs("20171003", "9:16")).toBe(Date.parse("2017-10-03T09:15:00+05:30"));
  });
  it("crosses back over IST midnight for a 00:00 stamp", () => {
    expect(minuteBarStartMs("20171004", "00:00")).toBe(Date.parse("2017-10-03T23:59:00+05:30"));
  });
  it("rejects impossible stamps", () => {
    expect(minuteBarStartMs("20171032", "09:16")).toBeNull();
    expect(minuteBarStartMs("2017-10-03", "09:16")).toBeNull();
    expect(minuteBarStartMs("20171003", "24:00")).toBeNull();
    expect(minuteBarStartMs("20171003", "09:60")).toBeNull();
    expect(minuteBarStartMs("20171003", "0916")).toBeNull();
  });
});

describe("parseMinuteCsv: fixture", () => {
  const { rows, errors } = parseMinuteCsv(readFileSync(path.join(FIXTURES, "minute/NIFTY_sample.csv"), "utf8"));
  it("reads every bar, the last line having no newline", () => {
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(33);
    expect(rows[0]).toEqual<MinuteBar>({
      line: 1,
      ticker: "NIFTY_F1",
      time: Date.parse("2023-11-15T09:15:00+05:30"),
      open: 19650,
      high: 19652.8,
      low: 19648.9,
      close: 19651.5,
      volume: 3000,
    });
    expect(rows[32]).toMatchObject({ line: 33, time: Date.parse("2023-11-16T09:15:00+05:30"), close: 19738.25, volume: 301875 });
  });
  it("keeps after-hours bars", () => {
    expect(formatIstDateTime(rows[31].time)).toBe("15-11-2023 03:30:00 PM");
    expect(rows[31].volume).toBe(450);
  });
});

describe("parseMinuteCsv: bad lines", () => {
  it("lists each bad line and keeps the good ones", () => {
    const csv = [
      "NIFTY_F1,20171003,09:16,9895,9896,9873.55,9877.75,337425",
      "NIFTY_F1,20171003,09:17,9877.55,9879,9871",
      ",20171003,09:18,9874.25,9877.7,9870,9870,80475",
      "NIFTY_F1,20171003,25:00,9874.25,9877.7,9870,9870,80475",
      "NIFTY_F1,20171003,09:19,9870,x,9868,9869,100",
      "",
      "banknifty_f1,20171003,09:16,24010,24020,24000,24015,5000",
    ].join("\n");
    const { rows, errors } = parseMinuteCsv(csv);
    expect(rows.map((r) => [r.line, r.ticker])).toEqual([
      [1, "NIFTY_F1"],
      [7, "BANKNIFTY_F1"],
    ]);
    expect(errors).toEqual([
      { line: 2, message: "Expected 8 fields (Ticker,Date,Time,Open,High,Low,Close,Volume), got 6" },
      { line: 3, message: SYMBOL_MISSING_MESSAGE },
      { line: 4, message: 'Invalid date/time "20171003 25:00"' },
      { line: 5, message: 'Invalid High value "x"' },
    ]);
  });
});

describe("dedupeMinuteBars", () => {
  it("keeps the first bar of each ticker and minute and reports the rest", () => {
    const csv = [
      "NIFTY_F1,20171006,09:16,1,2,0.5,1.5,10",
      "NIFTY_F1,20171006,09:17,1.5,2,1,1.8,10",
      "NIFTY_F1,20171006,09:16,1,2,0.5,1.5,10",
      "NIFTY_F1,20171006,09:17,1.5,2,1,1.9,11",
      "BANKNIFTY_F1,20171006,09:16,1,2,0.5,1.5,10",
    ].join("\n");
    const { rows, duplicates } = dedupeMinuteBars(parseMinuteCsv(csv).rows);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(duplicates).toEqual([
      { line: 3, duplicateOf: 1, identical: true },
      { line: 4, duplicateOf: 2, identical: false },
    ]);
  });
});

describe("parseSymbolList: fixture", () => {
  const { rows, errors } = parseSymbolList(readFileSync(path.join(FIXTURES, "symbols/nifty500-sample.csv"), "utf8"));
  it("reads the NIFTY 500 list columns, quoted names included", () => {
    expect(rows.map((r) => r.symbol)).toEqual(["ACC", "BAJFINANCE", "INFY", "SBIN"]);
    expect(rows[1]).toEqual({
      line: 3,
      companyName: "Bajaj Finance, Ltd.",
      industry: "FINANCIAL SERVICES",
      symbol: "BAJFINANCE",
      series: "EQ",
      isin: "INE296A01024",
    });
  });
  it("rejects a row without Symbol", () => {
    expect(errors).toEqual([{ line: 5, message: SYMBOL_MISSING_MESSAGE }]);
  });
  it("rejects a file without the list's columns", () => {
    expect(parseSymbolList("Symbol,Name\nACC,ACC Ltd.\n")).toEqual({
      rows: [],
      errors: [{ line: 1, message: "Missing column(s): COMPANY NAME, INDUSTRY, SERIES, ISIN CODE" }],
    });
    expect(parseSymbolList("").errors).toEqual([{ line: 1, message: "The file has no header line" }]);
  });
});

// ---------------------------------------------------------------- real files

const MINUTE_DIR = path.join(SHARED_DATA, "intraday_1min");
const SYMBOLS_FILE = path.join(SHARED_DATA, "symbols/ind_nifty500list_part1.csv");
const hasMinutes = existsSync(path.join(MINUTE_DIR, "NIFTY_F1_1min_201710.csv"));
const hasSymbols = existsSync(SYMBOLS_FILE);
if (!hasMinutes || !hasSymbols) console.warn(`[minute-csv.test] real data not found under ${SHARED_DATA}: skipping real-data tests`);

describe.skipIf(!hasMinutes)("real 1-minute files", () => {
  const read = (file: string) => parseMinuteCsv(readFileSync(path.join(MINUTE_DIR, file), "utf8"));
  it("reads all 7539 bars of NIFTY_F1_1min_201710.csv over 19 IST days", () => {
    const { rows, errors } = read("NIFTY_F1_1min_201710.csv");
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(7539);
    expect(new Set(rows.map((r) => istDateString(r.time))).size).toBe(19);
    expect(rows[0]).toEqual<MinuteBar>({
      line: 1,
      ticker: "NIFTY_F1",
      time: Date.parse("2017-10-03T03:45:00Z"),
      open: 9895,
      high: 9896,
      low: 9873.55,
      close: 9877.75,
      volume: 337425,
    });
    const last = rows[rows.length - 1];
    expect(formatIstDateTime(last.time)).toBe("31-10-2017 04:35:00 PM");
    expect(last.close).toBe(10368.5);
  });
  it("finds the repeated 06-Oct-2017 session (377 identical bars)", () => {
    const { rows } = read("NIFTY_F1_1min_201710.csv");
    const { rows: unique, duplicates } = dedupeMinuteBars(rows);
    expect(duplicates).toHaveLength(377);
    expect(duplicates.every((d) => d.identical)).toBe(true);
    expect(unique).toHaveLength(7539 - 377);
    expect(new Set(duplicates.map((d) => istDateString(rows[d.line - 1].time)))).toEqual(new Set(["2017-10-06"]));
  });
  it("reads the other files with the published row counts", () => {
    const expected: Record<string, number> = {
      "NIFTY_F1_1min_201711.csv": 8292,
      "BANKNIFTY_F1_1min_201710.csv": 7535,
      "BANKNIFTY_F1_1min_201711.csv": 8283,
    };
    for (const [file, count] of Object.entries(expected)) {
      const { rows, errors } = read(file);
      expect(errors, file).toEqual([]);
      expect(rows, file).toHaveLength(count);
    }
  });
});

describe.skipIf(!hasSymbols)("real NIFTY 500 list (part 1)", () => {
  it("reads 251 symbols in 17 industries", () => {
    const { rows, errors } = parseSymbolList(readFileSync(SYMBOLS_FILE, "utf8"));
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(251);
    expect(new Set(rows.map((r) => r.industry)).size).toBe(17);
    expect(rows[0]).toEqual({
      line: 2,
      companyName: "3M India Ltd.",
      industry: "SERVICES",
      symbol: "3MINDIA",
      series: "EQ",
      isin: "INE470A01017",
    });
    expect(rows.filter((r) => r.industry === "FINANCIAL SERVICES")).toHaveLength(50);
    expect(rows[rows.length - 1].symbol).toBe("ECLERX");
  });
});
