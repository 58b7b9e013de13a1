// The bhav import's pure mapping: which rows feed which symbol code, and the daily bar of a row.
import { describe, expect, it } from "vitest";
import { parseBhavCopy, type BhavRow } from "~/market/bhav.server";
import { dailyBarFromBhavRow, MAX_STORABLE_PRICE, selectBhavTargets } from "~/market/bhav-import.server";
import { fixture } from "../support/market";

const targetsOf = (name: string) => {
  const parsed = parseBhavCopy(fixture(`bhav/${name}`));
  const { targets, ignored } = selectBhavTargets(parsed.rows);
  return { parsed, ignored, picked: targets.map((t) => [t.code, t.row.line, t.row.expiry ?? null]) };
};

describe("selectBhavTargets", () => {
  it("legacy F&O: the near-month future per underlying, as SYMBOL-I; options and later expiries not used", () => {
    const { picked, ignored, parsed } = targetsOf("fo-legacy-sample.csv");
    expect(picked).toEqual([
      ["NIFTY-I", 2, "2020-02-27"],
      ["BANKNIFTY-I", 5, "2020-02-27"],
      // The February RELIANCE contract is on line 8, after March's: the earliest expiry wins, not the first line.
      ["RELIANCE-I", 8, "2020-02-27"],
    ]);
    expect(ignored).toBe(parsed.rows.length - 3);
    // A future is never stored under the cash code.
    expect(picked.map(([code]) => code)).not.toContain("RELIANCE");
  });

  it("legacy equity: series EQ only, under the symbol's own code", () => {
    const { picked, ignored } = targetsOf("cm-legacy-sample.csv");
    expect(picked).toEqual([
      ["ACC", 2, null],
      ["INFY", 3, null],
      ["SBIN", 4, null],
    ]);
    expect(ignored).toBe(2); // SBIN N6 and TATASTEEL BE
  });

  it("UDiFF F&O: IDF/STF near-month futures; options not used", () => {
    const { picked, ignored } = targetsOf("udiff-fo-sample.csv");
    expect(picked).toEqual([
      ["NIFTY-I", 2, "2024-07-25"],
      ["RELIANCE-I", 4, "2024-07-25"],
    ]);
    expect(ignored).toBe(3);
  });

  it("UDiFF CM: STK rows of series EQ", () => {
    const { picked, ignored } = targetsOf("udiff-cm-sample.csv");
    expect(picked).toEqual([
      ["RELIANCE", 2, null],
      ["SBIN", 3, null],
    ]);
    expect(ignored).toBe(0);
  });
});

const row = (overrides: Partial<BhavRow> = {}): BhavRow => ({
  line: 2,
  symbol: "NIFTY",
  tradingDate: "2020-01-01",
  open: 100,
  high: 110,
  low: 95,
  close: 105,
  settlePrice: 104.5,
  volume: 12.4,
  ...overrides,
});

describe("dailyBarFromBhavRow", () => {
  it("keeps the prices and the settlement, and rounds the volume", () => {
    expect(dailyBarFromBhavRow(row())).toEqual({
      bar: { tradingDate: "2020-01-01", open: 100, high: 110, low: 95, close: 105, settlePrice: 104.5, volume: 12 },
    });
  });
  it("stores an untraded contract (open, high, low 0) flat at its close", () => {
    expect(dailyBarFromBhavRow(row({ open: 0, high: 0, low: 0, close: 1468.05, settlePrice: 1459.5, volume: 0 }))).toEqual({
      bar: { tradingDate: "2020-01-01", open: 1468.05, high: 1468.05, low: 1468.05, close: 1468.05, settlePrice: 1459.5, volume: 0 },
    });
  });
  it("treats a settlement price of 0 as none", () => {
    const result = dailyBarFromBhavRow(row({ settlePrice: 0 }));
    expect("bar" in result && result.bar.settlePrice).toBeNull();
  });
  it("refuses rows it cannot store, saying why", () => {
    expect(dailyBarFromBhavRow(row({ close: 0 }))).toEqual({ error: "The close price is 0: there is no price to store" });
    expect(dailyBarFromBhavRow(row({ low: -1 }))).toEqual({ error: "A price is negative" });
    expect(dailyBarFromBhavRow(row({ high: 90 }))).toEqual({ error: "HIGH (90) is below LOW (95)" });
    expect(dailyBarFromBhavRow(row({ open: 0 }))).toEqual({ error: "OPEN, HIGH or LOW is 0 although the row has prices" });
    expect(dailyBarFromBhavRow(row({ volume: -5 }))).toEqual({ error: "The volume is negative" });
    // Past 2^53 a volume is no longer a whole number a bigint column can be given exactly (1e308 would fail the whole file).
    expect(dailyBarFromBhavRow(row({ volume: 1e308 }))).toEqual({ error: "The volume is too large to store" });
    expect(dailyBarFromBhavRow(row({ high: MAX_STORABLE_PRICE * 10 }))).toMatchObject({ error: expect.stringMatching(/too large to store/) });
  });
  it("checks prices as they will be stored: rounded to 2 places first (docs/decisions/118)", () => {
    expect(dailyBarFromBhavRow(row({ open: 0, high: 0, low: 0, close: 0.004 }))).toEqual({ error: "The close price is 0: there is no price to store" });
    expect(dailyBarFromBhavRow(row({ high: 999_999_999_999.994 }))).toMatchObject({ bar: { high: 999_999_999_999.99 } });
    expect(dailyBarFromBhavRow(row({ high: 999_999_999_999.996 }))).toMatchObject({ error: expect.stringMatching(/too large to store/) });
    expect(dailyBarFromBhavRow(row({ close: 100.005 }))).toMatchObject({ bar: { close: 100.01 } });
  });
  it("reads decimal notation only: hex, exponent or Infinity in a file is an invalid value", () => {
    const csv = (close: string) =>
      `SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,\nACC,EQ,100,110,90,${close},105,100,10,1000,01-JAN-2020,1,INE012A01025,\n`;
    expect(parseBhavCopy(csv("105")).rows[0]).toMatchObject({ symbol: "ACC", close: 105 });
    for (const close of ["0x10", "1e2", "Infinity", "1_05"]) {
      const parsed = parseBhavCopy(csv(close));
      expect(parsed.rows, close).toEqual([]);
      expect(parsed.errors, close).toContainEqual({ line: 2, message: `Invalid CLOSE value ${JSON.stringify(close)}` });
    }
  });
});
