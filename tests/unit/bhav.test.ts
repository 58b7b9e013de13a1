import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type BhavRow,
  detectBhavFormat,
  futureSymbolCode,
  nearMonthFutures,
  normaliseSymbolCode,
  parseBhavCopy,
  readCsvRecords,
  SYMBOL_MISSING_MESSAGE,
} from "~/market/bhav.server";
import { FIXTURES, SHARED_DATA } from "../support/market";

const fixture = (name: string) => readFileSync(path.join(FIXTURES, "bhav", name), "utf8");

const FO_HEADER =
  "INSTRUMENT,SYMBOL,EXPIRY_DT,STRIKE_PR,OPTION_TYP,OPEN,HIGH,LOW,CLOSE,SETTLE_PR,CONTRACTS,VAL_INLAKH,OPEN_INT,CHG_IN_OI,TIMESTAMP,";

describe("detectBhavFormat", () => {
  it("tells the three formats apart from the header", () => {
    expect(detectBhavFormat(FO_HEADER.split(","))).toBe("fo-legacy");
    expect(
      detectBhavFormat("SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,".split(",")),
    ).toBe("cm-legacy");
    expect(detectBhavFormat(fixture("udiff-fo-sample.csv").split("\n")[0].split(","))).toBe("udiff");
    expect(detectBhavFormat(["Date", "Open", "High", "Low", "Close"])).toBe("unknown");
  });
});

describe("normaliseSymbolCode / futureSymbolCode (docs/product-rules.md R-D21)", () => {
  it("keeps the part before :NSEFO", () => {
    expect(normaliseSymbolCode("NIFTY:NSEFO")).toBe("NIFTY");
    expect(normaliseSymbolCode(" banknifty:nsefo ")).toBe("BANKNIFTY");
    expect(normaliseSymbolCode("M&M")).toBe("M&M");
    expect(normaliseSymbolCode(":NSEFO")).toBe("");
  });
  it("names the near-month future SYMBOL-I", () => {
    expect(futureSymbolCode("NIFTY")).toBe("NIFTY-I");
    expect(futureSymbolCode("BANKNIFTY:NSEFO")).toBe("BANKNIFTY-I");
  });
});

describe("parseBhavCopy: legacy F&O fixture", () => {
  const result = parseBhavCopy(fixture("fo-legacy-sample.csv"));
  it("reads every row without errors", () => {
    expect(result.format).toBe("fo-legacy");
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(10);
  });
  it("normalises a future row", () => {
    expect(result.rows[0]).toEqual<BhavRow>({
      line: 2,
      symbol: "NIFTY",
      tradingDate: "2020-02-06",
      open: 12110.5,
      high: 12180,
      low: 12090.25,
      close: 12160.4,
      settlePrice: 12160.4,
      volume: 61234,
      instrument: "FUTIDX",
      expiry: "2020-02-27",
      openInterest: 11234500,
    });
  });
  it("keeps an untraded contract's settlement price apart from its close", () => {
    expect(result.rows[2]).toMatchObject({ open: 0, close: 12210.5, settlePrice: 12240.35, expiry: "2020-04-30", volume: 0 });
  });
  it("strips :NSEFO from codes", () => {
    expect(result.rows.filter((r) => r.symbol === "BANKNIFTY")).toHaveLength(2);
  });
  it("keeps strike and option type of options only", () => {
    expect(result.rows[7]).toMatchObject({ instrument: "OPTIDX", strikePrice: 12200, optionType: "CE", settlePrice: 101.35 });
    expect(result.rows[8].optionType).toBe("PE");
    expect(result.rows[0].strikePrice).toBeUndefined();
    expect(result.rows[0].optionType).toBeUndefined();
  });
  it("nearMonthFutures picks the nearest expiry per symbol, whatever the row order", () => {
    const near = nearMonthFutures(result.rows);
    expect(near.map((r) => [futureSymbolCode(r.symbol), r.expiry, r.settlePrice])).toEqual([
      ["NIFTY-I", "2020-02-27", 12160.4],
      ["BANKNIFTY-I", "2020-02-27", 31180.45],
      ["RELIANCE-I", "2020-02-27", 1466.3],
    ]);
  });
});

describe("parseBhavCopy: bad rows", () => {
  const result = parseBhavCopy(fixture("fo-legacy-bad-rows.csv"));
  it("stores good rows and lists each bad row with its line", () => {
    expect(result.rows.map((r) => [r.line, r.symbol])).toEqual([
      [2, "NIFTY"],
      [8, "ITC"],
    ]);
    expect(result.errors).toEqual([
      { line: 3, message: SYMBOL_MISSING_MESSAGE },
      { line: 4, message: 'Invalid OPEN value "abc"' },
      { line: 6, message: 'Invalid TIMESTAMP value "31-FEB-2020"' },
      { line: 7, message: 'Invalid TIMESTAMP value ""' },
      { line: 7, message: 'Invalid SETTLE_PR value ""' },
      { line: 7, message: 'Invalid CONTRACTS value ""' },
    ]);
  });
  it("uses docs/product-rules.md R-D21's exact message for a missing SYMBOL", () => {
    expect(SYMBOL_MISSING_MESSAGE).toBe("SYMBOL property is missing in data entry");
  });
  it("rejects every row when the SYMBOL column itself is absent", () => {
    const csv = [
      "INSTRUMENT,EXPIRY_DT,STRIKE_PR,OPTION_TYP,OPEN,HIGH,LOW,CLOSE,SETTLE_PR,CONTRACTS,TIMESTAMP",
      "FUTIDX,27-Feb-2020,0,XX,1,2,0.5,1.5,1.5,10,06-FEB-2020",
      "FUTIDX,26-Mar-2020,0,XX,1,2,0.5,1.5,1.5,10,06-FEB-2020",
    ].join("\n");
    const r = parseBhavCopy(csv);
    expect(r.format).toBe("fo-legacy");
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([
      { line: 2, message: SYMBOL_MISSING_MESSAGE },
      { line: 3, message: SYMBOL_MISSING_MESSAGE },
    ]);
  });
  it("reports a missing required column once, on the header line", () => {
    const r = parseBhavCopy("INSTRUMENT,SYMBOL,EXPIRY_DT,OPEN,HIGH,LOW,CLOSE,SETTLE_PR,TIMESTAMP\nFUTIDX,NIFTY,27-Feb-2020,1,2,0.5,1.5,1.5,06-FEB-2020");
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([{ line: 1, message: "Missing column(s): CONTRACTS" }]);
  });
  it("rejects an unknown header and an empty file", () => {
    expect(parseBhavCopy("Date,Open,High,Low,Close\n2020-01-01,1,2,0,1\n")).toEqual({
      format: "unknown",
      rows: [],
      errors: [{ line: 1, message: "Unrecognised bhav copy header: Date,Open,High,Low,Close" }],
    });
    expect(parseBhavCopy("")).toEqual({ format: "unknown", rows: [], errors: [{ line: 1, message: "The file has no header line" }] });
  });
  it("accepts CRLF line ends, a BOM and a header in another case", () => {
    const csv = `\uFEFF${FO_HEADER.toLowerCase()}\r\nFUTIDX,NIFTY,27-Feb-2020,0,XX,1,2,0.5,1.5,1.6,10,1,1,0,06-FEB-2020,\r\n`;
    const r = parseBhavCopy(csv);
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ line: 2, symbol: "NIFTY", settlePrice: 1.6 });
  });
});

describe("parseBhavCopy: legacy CM fixture", () => {
  const result = parseBhavCopy(fixture("cm-legacy-sample.csv"));
  it("reads equity rows, settlement price = close", () => {
    expect(result.format).toBe("cm-legacy");
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(5);
    expect(result.rows[0]).toEqual<BhavRow>({
      line: 2,
      symbol: "ACC",
      tradingDate: "2017-11-15",
      open: 1720,
      high: 1745.9,
      low: 1712.35,
      close: 1738.6,
      settlePrice: 1738.6,
      volume: 412345,
      series: "EQ",
      prevClose: 1718.45,
    });
  });
  it("keeps the series of each row and no instrument", () => {
    expect(result.rows.map((r) => `${r.symbol}/${r.series}`)).toEqual(["ACC/EQ", "INFY/EQ", "SBIN/EQ", "SBIN/N6", "TATASTEEL/BE"]);
    expect(result.rows.every((r) => r.instrument === undefined)).toBe(true);
    expect(nearMonthFutures(result.rows)).toEqual([]);
  });
});

describe("parseBhavCopy: UDiFF fixtures", () => {
  it("reads F&O rows and maps instrument codes to the legacy names", () => {
    const result = parseBhavCopy(fixture("udiff-fo-sample.csv"));
    expect(result.format).toBe("udiff");
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.symbol, r.instrument, r.expiry, r.optionType ?? "", r.strikePrice ?? 0])).toEqual([
      ["NIFTY", "FUTIDX", "2024-07-25", "", 0],
      ["NIFTY", "FUTIDX", "2024-08-29", "", 0],
      ["RELIANCE", "FUTSTK", "2024-07-25", "", 0],
      ["NIFTY", "OPTIDX", "2024-07-11", "CE", 24300],
      ["RELIANCE", "OPTSTK", "2024-07-25", "PE", 3200],
    ]);
    expect(result.rows[0]).toMatchObject({
      tradingDate: "2024-07-08",
      open: 24420,
      high: 24468.85,
      low: 24344.1,
      close: 24430.55,
      settlePrice: 24430.55,
      volume: 6789125,
      prevClose: 24391.25,
      openInterest: 14523450,
    });
    expect(nearMonthFutures(result.rows).map((r) => [futureSymbolCode(r.symbol), r.settlePrice])).toEqual([
      ["NIFTY-I", 24430.55],
      ["RELIANCE-I", 3192.65],
    ]);
  });
  it("reads CM rows and falls back to the close when SttlmPric is empty", () => {
    const result = parseBhavCopy(fixture("udiff-cm-sample.csv"));
    expect(result.format).toBe("udiff");
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual<BhavRow[]>([
      {
        line: 2,
        symbol: "RELIANCE",
        tradingDate: "2024-07-08",
        open: 3182,
        high: 3195.8,
        low: 3160.25,
        close: 3176.85,
        settlePrice: 3176.85,
        volume: 5432100,
        series: "EQ",
        prevClose: 3171.6,
      },
      {
        line: 3,
        symbol: "SBIN",
        tradingDate: "2024-07-08",
        open: 845,
        high: 851.4,
        low: 839.1,
        close: 848.25,
        settlePrice: 848.25,
        volume: 12345678,
        series: "EQ",
        prevClose: 842.7,
      },
    ]);
  });
});

describe("nearMonthFutures", () => {
  const base = { open: 1, high: 1, low: 1, close: 1, settlePrice: 1, volume: 1 };
  it("passes over expired contracts and keeps days apart", () => {
    const rows: BhavRow[] = [
      { ...base, line: 2, symbol: "X", tradingDate: "2020-01-30", instrument: "FUTSTK", expiry: "2020-01-29", settlePrice: 9 },
      { ...base, line: 3, symbol: "X", tradingDate: "2020-01-30", instrument: "FUTSTK", expiry: "2020-02-27", settlePrice: 10 },
      { ...base, line: 4, symbol: "X", tradingDate: "2020-01-30", instrument: "FUTSTK", expiry: "2020-01-30", settlePrice: 11 },
      { ...base, line: 5, symbol: "X", tradingDate: "2020-01-31", instrument: "FUTSTK", expiry: "2020-02-27", settlePrice: 12 },
      { ...base, line: 6, symbol: "X", tradingDate: "2020-01-30", instrument: "OPTSTK", expiry: "2020-01-30", settlePrice: 13 },
    ];
    expect(nearMonthFutures(rows).map((r) => r.line)).toEqual([4, 5]);
  });
});

describe("readCsvRecords", () => {
  it("numbers lines from 1, skips blank lines and trims fields", () => {
    expect(readCsvRecords("a, b ,\n\n c,d\n,,\n")).toEqual({
      records: [
        { line: 1, fields: ["a", "b", ""] },
        { line: 3, fields: ["c", "d"] },
      ],
      errors: [],
    });
  });
  it("keeps quoted commas and lists an unclosed quote as an error", () => {
    const { records, errors } = readCsvRecords('x,"a,b"\ny,"open\n');
    expect(records).toEqual([{ line: 1, fields: ["x", "a,b"] }]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/Quote Not Closed/);
  });
});

// ---------------------------------------------------------------- real NSE files

const FO_DIR = path.join(SHARED_DATA, "nse_fo_bhavcopy");
const CM_DIR = path.join(SHARED_DATA, "nse_cm_bhavcopy");
const hasFo = existsSync(path.join(FO_DIR, "fo01JAN2020bhav.csv"));
const hasCm = existsSync(path.join(CM_DIR, "cm20NOV2017bhav.csv"));
if (!hasFo || !hasCm) console.warn(`[bhav.test] real bhav copies not found under ${SHARED_DATA}: skipping real-data tests`);

describe.skipIf(!hasFo)("real F&O bhav copies (01/02 JAN 2020)", () => {
  const jan1 = hasFo ? parseBhavCopy(readFileSync(path.join(FO_DIR, "fo01JAN2020bhav.csv"), "utf8")) : undefined!;
  it("reads all 31809 rows of fo01JAN2020bhav.csv without errors", () => {
    expect(jan1.format).toBe("fo-legacy");
    expect(jan1.errors).toEqual([]);
    expect(jan1.rows).toHaveLength(31809);
    const byInstrument: Record<string, number> = {};
    for (const r of jan1.rows) byInstrument[r.instrument ?? "?"] = (byInstrument[r.instrument ?? "?"] ?? 0) + 1;
    expect(byInstrument).toEqual({ FUTIDX: 9, FUTSTK: 424, OPTIDX: 5144, OPTSTK: 26232 });
    expect(new Set(jan1.rows.map((r) => r.tradingDate))).toEqual(new Set(["2020-01-01"]));
  });
  it("knows NIFTY's near-month settlement and the untraded far-month settlement", () => {
    const near = nearMonthFutures(jan1.rows);
    expect(near).toHaveLength(147);
    const nifty = near.find((r) => futureSymbolCode(r.symbol) === "NIFTY-I");
    expect(nifty).toMatchObject({ expiry: "2020-01-30", settlePrice: 12243.8, close: 12243.8, volume: 54399, line: 5 });
    const reliance = near.find((r) => r.symbol === "RELIANCE");
    expect(reliance).toMatchObject({ expiry: "2020-01-30", settlePrice: 1520.4 });
    const far = jan1.rows.find((r) => r.symbol === "RELIANCE" && r.expiry === "2020-03-26");
    expect(far).toMatchObject({ close: 1535.3, settlePrice: 1529.95 });
    const call = jan1.rows.find((r) => r.symbol === "NIFTY" && r.expiry === "2020-01-30" && r.strikePrice === 12300 && r.optionType === "CE");
    expect(call).toMatchObject({ instrument: "OPTIDX", settlePrice: 110.6, volume: 22913 });
  });
  it("reads all 31835 rows of fo02JAN2020bhav.csv", () => {
    const jan2 = parseBhavCopy(readFileSync(path.join(FO_DIR, "fo02JAN2020bhav.csv"), "utf8"));
    expect(jan2.errors).toEqual([]);
    expect(jan2.rows).toHaveLength(31835);
    expect(nearMonthFutures(jan2.rows).find((r) => r.symbol === "NIFTY")?.settlePrice).toBe(12339.3);
  });
});

describe.skipIf(!hasCm)("real CM bhav copies (20–24 NOV 2017)", () => {
  it("reads all 1827 rows of cm20NOV2017bhav.csv with known values", () => {
    const result = parseBhavCopy(readFileSync(path.join(CM_DIR, "cm20NOV2017bhav.csv"), "utf8"));
    expect(result.format).toBe("cm-legacy");
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(1827);
    expect(result.rows.filter((r) => r.series === "EQ")).toHaveLength(1475);
    expect(result.rows.find((r) => r.symbol === "3MINDIA")).toEqual<BhavRow>({
      line: 4,
      symbol: "3MINDIA",
      tradingDate: "2017-11-20",
      open: 16320,
      high: 16320,
      low: 15760,
      close: 15838.9,
      settlePrice: 15838.9,
      volume: 501,
      series: "EQ",
      prevClose: 16173.5,
    });
    expect(result.rows.find((r) => r.symbol === "RELIANCE" && r.series === "EQ")).toMatchObject({ close: 920.85, volume: 4220192 });
  });
  it("reads the other days with the published row counts", () => {
    const expected: Record<string, number> = {
      "cm21NOV2017bhav.csv": 1814,
      "cm22NOV2017bhav.csv": 1819,
      "cm23NOV2017bhav.csv": 1798,
      "cm24NOV2017bhav.csv": 1830,
    };
    for (const [file, count] of Object.entries(expected)) {
      const result = parseBhavCopy(readFileSync(path.join(CM_DIR, file), "utf8"));
      expect(result.errors, file).toEqual([]);
      expect(result.rows, file).toHaveLength(count);
    }
  });
});

describe("the documents' short bhav row", () => {
  it("is recognised by its seven columns and read with the settlement price as the close", () => {
    expect(detectBhavFormat(["SYMBOL", "TIMESTAMP", "OPEN", "HIGH", "LOW", "SETTLE_PR", "VOLUME"])).toBe("short");
    const result = parseBhavCopy("SYMBOL,TIMESTAMP,OPEN,HIGH,LOW,SETTLE_PR,VOLUME\nNIFTY-I:NSEFO,03-Jan-2020,12200,12250.5,12150,12226.65,1500\n,03-Jan-2020,1,1,1,1,1\n");
    expect(result.format).toBe("short");
    expect(result.rows).toEqual([
      expect.objectContaining({ line: 2, symbol: "NIFTY-I", tradingDate: "2020-01-03", open: 12200, high: 12250.5, low: 12150, close: 12226.65, settlePrice: 12226.65, volume: 1500 }),
    ]);
    expect(result.rows[0].instrument).toBeUndefined();
    expect(result.errors).toEqual([{ line: 3, message: "SYMBOL property is missing in data entry" }]);
  });
});
