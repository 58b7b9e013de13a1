// The tradebook import's rules (docs/decisions/169): reading the broker's rows, consolidating
// the fills of one order, and FIFO matching into round trips with partial exits, shorts and
// positions that cross zero, on a tradebook written in Zerodha Console's exact format.
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  consolidateOrders,
  continueRoundTrips,
  matchRoundTrips,
  planTradebookImport,
  plannedTradeRow,
  readExecutionTime,
  readTradebookRow,
  realisedPnl,
  tradebookColumnIndex,
  TRADEBOOK_COLUMNS,
  type TradebookColumnIndex,
  type TradebookFill,
  continuousFutureCode,
  monthlyExpiryDay,
} from "~/domain/tradebook";
import { FORMULA_CELL, NOT_A_WORKBOOK, NOT_CSV_OR_XLSX, NOT_TEXT, NO_TRADES, readTradebookFile, TOO_MANY_ROWS } from "~/market/tradebook.server";

const FIXTURE = "tests/fixtures/tradebook/zerodha-tradebook.csv";
const fixtureBytes = () => new Uint8Array(readFileSync(FIXTURE));
const index = Object.fromEntries(TRADEBOOK_COLUMNS.map((c, i) => [c, i])) as TradebookColumnIndex;
const ist = (text: string) => readExecutionTime(text)!.at;

async function fixtureFills(): Promise<TradebookFill[]> {
  const result = await readTradebookFile({ name: "tradebook-XY1234-EQ.csv", bytes: fixtureBytes() });
  if (!result.ok) throw new Error(result.problem);
  expect(result.read.errors).toEqual([]);
  return result.read.fills;
}

function fill(over: Partial<TradebookFill> & Pick<TradebookFill, "line" | "side" | "quantity" | "price" | "executedAt">): TradebookFill {
  return { symbol: "INFY", exchange: "NSE", tradeId: `T${over.line}`, orderId: `O${over.line}`, ...over };
}

// The fixture's NIFTY26NOVFUT row is read as NIFTY-I (continuousFutureCode); here it is not tradable.
const everythingTradable = { isTradable: (s: string) => s !== "NIFTY-I", isImported: () => false };

describe("reading the broker's rows", () => {
  const row = (over: Partial<Record<(typeof TRADEBOOK_COLUMNS)[number], string>> = {}) => {
    const base = {
      symbol: "INFY", isin: "INE009A01021", trade_date: "2026-11-23", exchange: "NSE", segment: "EQ", series: "EQ", trade_type: "buy", auction: "false",
      quantity: "10.000000", price: "1405.500000", trade_id: "58943381", order_id: "1300000001234567", order_execution_time: "2026-11-23T09:16:21",
    };
    return TRADEBOOK_COLUMNS.map((c) => ({ ...base, ...over })[c]);
  };

  it("reads Console's figures exactly and its time as IST", () => {
    const read = readTradebookRow(row(), index, 2);
    expect(read).toEqual({
      fill: { line: 2, symbol: "INFY", exchange: "NSE", side: "BUY", quantity: 10, price: "1405.50", tradeId: "58943381", orderId: "1300000001234567", executedAt: Date.parse("2026-11-23T03:46:21Z") },
    });
  });

  it.each([
    [{ quantity: "10.5" }, "quantity \"10.5\" is not a whole number"],
    [{ quantity: "0" }, "quantity \"0\" is not a whole number"],
    [{ quantity: "1e3" }, "quantity \"1e3\""],
    [{ price: "82.2525" }, "price \"82.2525\" is not a price above 0 with at most 2 decimals"],
    [{ price: "-5" }, "price \"-5\""],
    [{ price: "=1+1" }, "price \"=1+1\""],
    [{ price: "0x10" }, "price \"0x10\""],
    [{ trade_type: "short" }, "trade_type \"short\" is neither buy nor sell"],
    [{ trade_date: "2026-02-30" }, "trade_date \"2026-02-30\" is not a date"],
    [{ order_execution_time: "23-11-2026 09:16" }, "order_execution_time \"23-11-2026 09:16\" is not a time"],
    [{ order_execution_time: "2026-11-24T09:16:21" }, "is not on the trade_date 2026-11-23"],
    [{ symbol: "=HYPERLINK(\"x\")" }, "is not a symbol code"],
    [{ trade_id: "" }, "trade_id is missing"],
    [{ auction: "maybe" }, "auction \"maybe\" is neither true nor false"],
  ])("refuses a bad row %j with a message", (over, message) => {
    const read = readTradebookRow(row(over), index, 7);
    expect("errors" in read && read.errors.map((e) => e.message).join("; ")).toContain(message);
    expect("errors" in read && read.errors.every((e) => e.line === 7)).toBe(true);
  });

  it("takes the columns in any order and case, and names the missing and unknown ones", () => {
    expect(tradebookColumnIndex(["Symbol", "ISIN", "Trade Date", "Exchange", "Segment", "Series", "Trade Type", "Auction", "Quantity", "Price", "Trade ID", "Order ID", "Order Execution Time"])).toHaveProperty("index.trade_date", 2);
    const wrong = tradebookColumnIndex(["symbol", "qty", "price", "price"]);
    expect("problem" in wrong && wrong.problem).toMatch(/missing isin, trade_date.*; unexpected qty; repeated price/);
  });
});

describe("consolidating the fills of one order", () => {
  it("keeps one lot at the average when the average is a whole number of paise", () => {
    const { lots, errors } = consolidateOrders([
      fill({ line: 2, side: "BUY", quantity: 10, price: "1500.00", executedAt: 2, orderId: "O1" }),
      fill({ line: 3, side: "BUY", quantity: 10, price: "1500.10", executedAt: 1, orderId: "O1" }),
    ]);
    expect(errors).toEqual([]);
    expect(lots).toEqual([{ symbol: "INFY", side: "BUY", quantity: 20, price: "1500.05", at: 1, orderId: "O1", lines: [2, 3] }]);
  });

  it("keeps a lot per price when the average would lose paise", () => {
    const { lots } = consolidateOrders([
      fill({ line: 2, side: "BUY", quantity: 3, price: "600.05", executedAt: 1, orderId: "O1" }),
      fill({ line: 3, side: "BUY", quantity: 4, price: "600.10", executedAt: 2, orderId: "O1" }),
      fill({ line: 4, side: "BUY", quantity: 2, price: "600.05", executedAt: 3, orderId: "O1" }),
    ]);
    expect(lots.map((l) => [l.quantity, l.price, l.lines])).toEqual([
      [5, "600.05", [2, 4]],
      [4, "600.10", [3]],
    ]);
  });

  it("refuses a fill whose order is another symbol or side", () => {
    const { lots, errors } = consolidateOrders([
      fill({ line: 2, side: "BUY", quantity: 1, price: "10.00", executedAt: 1, orderId: "O1" }),
      fill({ line: 3, side: "SELL", quantity: 1, price: "10.00", executedAt: 2, orderId: "O1" }),
      fill({ line: 4, side: "BUY", quantity: 1, price: "10.00", executedAt: 2, orderId: "O1", symbol: "TCS" }),
    ]);
    expect(lots).toHaveLength(1);
    expect(errors.map((e) => e.line)).toEqual([3, 4]);
    expect(errors[0].message).toBe("order_id O1 is already a buy of INFY on line 2");
  });
});

describe("FIFO matching", () => {
  it("closes a long in partial exits, oldest lot first", () => {
    const trades = matchRoundTrips([
      { symbol: "X", side: "BUY", quantity: 10, price: "100.00", at: 1, orderId: "a", lines: [2] },
      { symbol: "X", side: "BUY", quantity: 10, price: "110.00", at: 2, orderId: "b", lines: [3] },
      { symbol: "X", side: "SELL", quantity: 4, price: "120.00", at: 3, orderId: "c", lines: [4] },
      { symbol: "X", side: "SELL", quantity: 11, price: "90.00", at: 4, orderId: "d", lines: [5] },
    ]);
    expect(trades.map((t) => [t.tradeType, t.quantity, t.entryPrice, t.openQuantity, t.exits.map((e) => [e.quantity, e.price])])).toEqual([
      ["BUY", 10, "100.00", 0, [[4, "120.00"], [6, "90.00"]]],
      ["BUY", 10, "110.00", 5, [[5, "90.00"]]],
    ]);
    expect(realisedPnl(trades[0])).toBe("20.00"); // 4 x 20 - 6 x 10
    expect(realisedPnl(trades[1])).toBe("-100.00");
  });

  it("opens a short with a sell and closes it with later buys", () => {
    const [short] = matchRoundTrips([
      { symbol: "X", side: "SELL", quantity: 5, price: "200.00", at: 1, orderId: "a", lines: [2] },
      { symbol: "X", side: "BUY", quantity: 5, price: "190.50", at: 2, orderId: "b", lines: [3] },
    ]);
    expect(short).toMatchObject({ tradeType: "SELL", quantity: 5, openQuantity: 0 });
    expect(realisedPnl(short)).toBe("47.50");
    expect(plannedTradeRow(short)).toMatchObject({ buyPrice: "190.50", sellPrice: "200.00", open: false, exitDateTime: 2 });
  });

  it("closes and opens the other side with the remainder when a fill crosses zero", () => {
    const trades = matchRoundTrips([
      { symbol: "X", side: "BUY", quantity: 3, price: "50.00", at: 1, orderId: "a", lines: [2] },
      { symbol: "X", side: "SELL", quantity: 8, price: "55.00", at: 2, orderId: "b", lines: [3] },
      { symbol: "X", side: "BUY", quantity: 5, price: "52.00", at: 3, orderId: "c", lines: [4] },
    ]);
    expect(trades.map((t) => [t.tradeType, t.quantity, t.entryPrice, t.openQuantity])).toEqual([
      ["BUY", 3, "50.00", 0],
      ["SELL", 5, "55.00", 0],
    ]);
    expect(trades.map(realisedPnl)).toEqual(["15.00", "15.00"]);
  });

  it("keeps symbols apart and matches in time order, not file order", () => {
    const trades = matchRoundTrips([
      { symbol: "Y", side: "SELL", quantity: 1, price: "10.00", at: 5, orderId: "c", lines: [2] },
      { symbol: "X", side: "SELL", quantity: 1, price: "10.00", at: 4, orderId: "b", lines: [3] },
      { symbol: "Y", side: "BUY", quantity: 1, price: "9.00", at: 1, orderId: "a", lines: [4] },
    ]);
    expect(trades.map((t) => [t.symbol, t.tradeType, t.openQuantity])).toEqual([
      ["Y", "BUY", 0],
      ["X", "SELL", 1],
    ]);
  });
});

describe("continuing open trades of an earlier import", () => {
  const long = { tradeId: 41, symbol: "X", tradeType: "BUY" as const, entryPrice: "100.00", enteredAt: 10, openQuantity: 6 };

  it("a later file's sells exit the earlier trade first, and the rest opens a short", () => {
    const { trades, continued } = continueRoundTrips(
      [
        { symbol: "X", side: "SELL", quantity: 4, price: "110.00", at: 20, orderId: "a", lines: [2] },
        { symbol: "X", side: "SELL", quantity: 5, price: "95.00", at: 30, orderId: "b", lines: [3] },
      ],
      [long],
    );
    expect(continued.map((t) => [t.continues, t.openQuantity, t.exits.map((e) => `${e.quantity}@${e.price}`)])).toEqual([[{ tradeId: 41, openBefore: 6 }, 0, ["4@110.00", "2@95.00"]]]);
    expect(realisedPnl(continued[0])).toBe("30.00"); // 4 x 10 - 2 x 5
    expect(trades.map((t) => [t.tradeType, t.quantity, t.entryPrice, t.openQuantity])).toEqual([["SELL", 3, "95.00", 3]]);
  });

  it("a sell earlier than the carried trade's entry does not exit it, and a carried trade no lot reaches is left out", () => {
    const { trades, continued } = continueRoundTrips(
      [{ symbol: "X", side: "SELL", quantity: 2, price: "120.00", at: 5, orderId: "a", lines: [2] }],
      [long, { ...long, tradeId: 42, symbol: "Y" }],
    );
    expect(continued).toEqual([]);
    expect(trades.map((t) => [t.tradeType, t.quantity])).toEqual([["SELL", 2]]);
  });

  it("a buy in the file adds a new trade behind the carried one: the next sell exits the older first", () => {
    const { trades, continued } = continueRoundTrips(
      [
        { symbol: "X", side: "BUY", quantity: 2, price: "105.00", at: 20, orderId: "a", lines: [2] },
        { symbol: "X", side: "SELL", quantity: 7, price: "108.00", at: 30, orderId: "b", lines: [3] },
      ],
      [long],
    );
    expect(continued[0]).toMatchObject({ openQuantity: 0, exits: [{ quantity: 6, price: "108.00" }] });
    expect(trades.map((t) => [t.tradeType, t.quantity, t.openQuantity, t.exits.map((e) => e.quantity)])).toEqual([["BUY", 2, 1, [1]]]);
  });

  it("the plan names an exiting row by the trade it continues", () => {
    const plan = planTradebookImport(
      [{ line: 2, symbol: "X", exchange: "NSE", side: "SELL", quantity: 6, price: "101.00", tradeId: "t1", orderId: "o1", executedAt: 50 }],
      [],
      everythingTradable,
      [long],
    );
    expect(plan.trades).toEqual([]);
    expect(plan.continued).toHaveLength(1);
    expect(plan.rows).toEqual([{ line: 2, kind: "continued", continued: 0 }]);
  });
});

describe("the trades row of a round trip", () => {
  it("sets the closing side so (sell - buy) x quantity is the realised PNL, exactly when the exits' average is", () => {
    const trade = matchRoundTrips([
      { symbol: "X", side: "BUY", quantity: 3, price: "10.00", at: 1, orderId: "a", lines: [2] },
      { symbol: "X", side: "SELL", quantity: 1, price: "10.01", at: 2, orderId: "b", lines: [3] },
      { symbol: "X", side: "SELL", quantity: 2, price: "10.01", at: 3, orderId: "c", lines: [4] },
    ])[0];
    expect(plannedTradeRow(trade)).toEqual({ tradeType: "BUY", quantity: 3, buyPrice: "10.00", sellPrice: "10.01", open: false, tradeDateTime: 1, exitDateTime: 3 });
  });

  it("leaves an open trade's closing side at 0 and no exit time", () => {
    const trade = matchRoundTrips([
      { symbol: "X", side: "SELL", quantity: 3, price: "10.00", at: 1, orderId: "a", lines: [2] },
      { symbol: "X", side: "BUY", quantity: 1, price: "9.00", at: 2, orderId: "b", lines: [3] },
    ])[0];
    expect(plannedTradeRow(trade)).toMatchObject({ buyPrice: "0.00", sellPrice: "10.00", open: true, exitDateTime: null });
  });
});

describe("a tradebook in Console's exact format", () => {
  it("plans the round trips, consolidated, FIFO, with shorts, partial exits and a crossing", async () => {
    const plan = planTradebookImport(await fixtureFills(), [], everythingTradable);
    const summary = plan.trades.map((t) => ({
      ...plannedTradeRow(t),
      symbol: t.symbol,
      exits: t.exits.map((e) => `${e.quantity}@${e.price}`).join(" "),
      pnl: realisedPnl(t),
    }));
    expect(summary).toEqual([
      { symbol: "INFY", tradeType: "BUY", quantity: 20, buyPrice: "1500.05", sellPrice: "1501.30", open: false, exits: "8@1510.00 12@1495.50", pnl: "25.00", tradeDateTime: ist("2026-11-23T09:20:11"), exitDateTime: ist("2026-11-23T14:00:00") },
      { symbol: "TCS", tradeType: "SELL", quantity: 5, buyPrice: "3386.00", sellPrice: "3400.00", open: false, exits: "3@3390.00 2@3380.00", pnl: "70.00", tradeDateTime: ist("2026-11-23T09:30:00"), exitDateTime: ist("2026-11-23T13:00:00") },
      { symbol: "TCS", tradeType: "BUY", quantity: 4, buyPrice: "3380.00", sellPrice: "0.00", open: true, exits: "", pnl: "0.00", tradeDateTime: ist("2026-11-23T13:00:00"), exitDateTime: null },
      { symbol: "SBIN", tradeType: "BUY", quantity: 3, buyPrice: "600.05", sellPrice: "601.00", open: false, exits: "3@601.00", pnl: "2.85", tradeDateTime: ist("2026-11-24T09:16:00"), exitDateTime: ist("2026-11-24T15:10:00") },
      { symbol: "SBIN", tradeType: "BUY", quantity: 4, buyPrice: "600.10", sellPrice: "601.00", open: false, exits: "4@601.00", pnl: "3.60", tradeDateTime: ist("2026-11-24T09:16:01"), exitDateTime: ist("2026-11-24T15:10:00") },
      { symbol: "RELIANCE", tradeType: "BUY", quantity: 10, buyPrice: "2500.00", sellPrice: "2520.00", open: false, exits: "10@2520.00", pnl: "200.00", tradeDateTime: ist("2026-11-25T09:15:30"), exitDateTime: ist("2026-11-25T10:30:00") },
      { symbol: "RELIANCE", tradeType: "BUY", quantity: 10, buyPrice: "2510.00", sellPrice: "0.00", open: true, exits: "5@2520.00", pnl: "50.00", tradeDateTime: ist("2026-11-25T09:45:00"), exitDateTime: null },
    ]);
    expect(plan.unknownSymbols).toEqual([{ symbol: "NIFTY-I (NIFTY26NOVFUT)", lines: [13] }]);
    expect(plan.duplicates).toEqual([]);
    // Every data row has one fate, in line order.
    expect(plan.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    // Line 7's buy covers the short (trip 1) and opens trip 2 with the rest: named by the first, listing the second.
    expect(plan.rows.find((r) => r.line === 7)).toEqual({ line: 7, kind: "trade", trade: 1, alsoTrades: [2] });
  });

  it("skips the broker trades already imported, and plans the rest alone", async () => {
    const fills = await fixtureFills();
    const imported = new Set(["NSE:31000012", "NSE:31000013", "NSE:31000014"]);
    const plan = planTradebookImport(fills, [], { ...everythingTradable, isImported: (key) => imported.has(key) });
    expect(plan.duplicates.map((f) => f.line)).toEqual([14, 15, 16]);
    expect(plan.trades.map((t) => t.symbol)).not.toContain("RELIANCE");
    const all = planTradebookImport(fills, [], { ...everythingTradable, isImported: () => true });
    expect(all.trades).toEqual([]);
    expect(all.rows.every((r) => r.kind === "duplicate")).toBe(true);
  });

  it("reads the same tradebook from Console's Excel export, with its lines above the table", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Equity");
    sheet.addRow([]);
    sheet.addRow(["", "Client ID", "XY1234"]);
    sheet.addRow(["", "Tradebook for Equity from 2026-11-23 to 2026-11-25"]);
    sheet.addRow([]);
    const lines = readFileSync(FIXTURE, "utf8").trim().split("\n").map((l) => l.split(","));
    sheet.addRow(["", ...lines[0].map((h) => h.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()))]);
    for (const cells of lines.slice(1)) {
      // Typed cells, as Excel holds them: numbers, a boolean, a date and a date-time.
      const [symbol, isin, date, exchange, segment, series, type, auction, quantity, price, tradeId, orderId, time] = cells;
      sheet.addRow(["", symbol, isin, new Date(`${date}T00:00:00Z`), exchange, segment, series, type, auction === "true", Number(quantity), Number(price), tradeId, orderId, new Date(`${time}Z`)]);
    }
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const result = await readTradebookFile({ name: "tradebook.xlsx", bytes });
    if (!result.ok) throw new Error(result.problem);
    expect(result.read.format).toBe("Excel");
    expect(result.read.errors).toEqual([]);
    const csvFills = await fixtureFills();
    // The same fills; lines are the sheet's row numbers (the table starts 5 rows down).
    expect(result.read.fills.map(({ line, ...f }) => ({ ...f, line: line - 4 }))).toEqual(csvFills);
  });
});

describe("hostile files", () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const header = TRADEBOOK_COLUMNS.join(",");
  const good = "INFY,INE009A01021,2026-11-23,NSE,EQ,EQ,buy,false,1,10,1,1,2026-11-23T09:16:21";

  it.each([
    ["tradebook.pdf", text(`${header}\n${good}\n`), NOT_CSV_OR_XLSX],
    ["tradebook.xlsx", text(`${header}\n${good}\n`), NOT_A_WORKBOOK],
    ["tradebook.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), NOT_A_WORKBOOK],
    ["tradebook.csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), NOT_TEXT],
    ["tradebook.csv", new Uint8Array([0xff, 0xfe, 0x00, 0x41]), NOT_TEXT],
    ["tradebook.csv", text(`${header}\n`), NO_TRADES],
  ])("refuses %s whole with a message", async (name, bytes, problem) => {
    expect(await readTradebookFile({ name, bytes })).toEqual({ ok: false, problem });
  });

  it("refuses a file whose header is not the broker's", async () => {
    const result = await readTradebookFile({ name: "t.csv", bytes: text("Date,Symbol,Qty\n2026-11-23,INFY,1\n") });
    expect(result.ok === false && result.problem).toMatch(/^This is not a Zerodha tradebook.*missing isin/);
  });

  it("refuses more rows than a tradebook has", async () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => good.replace(",1,1,", `,${i + 1},1,`));
    expect(await readTradebookFile({ name: "t.csv", bytes: text(`${header}\n${rows.join("\n")}\n`) })).toEqual({ ok: false, problem: TOO_MANY_ROWS });
  });

  it("reads a formula in an Excel cell as that row's error, and a trade id given twice as the later row's", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Equity");
    sheet.addRow([...TRADEBOOK_COLUMNS]);
    sheet.addRow(good.split(","));
    const formulaRow = good.split(",");
    sheet.addRow(formulaRow.map((c, i) => (i === 9 ? { formula: "1+1", result: 2 } : c)));
    sheet.addRow(good.split(","));
    const result = await readTradebookFile({ name: "t.xlsx", bytes: new Uint8Array(await workbook.xlsx.writeBuffer()) });
    expect(result.ok && result.read.errors).toEqual([
      { line: 3, message: FORMULA_CELL },
      { line: 4, message: "trade_id 1 (NSE) is already given on line 2" },
    ]);
    expect(result.ok && result.read.fills).toHaveLength(1);
  });
});

describe("futures contracts are journaled under the product's continuous series", () => {
  it("NSE's monthly expiry: the last Thursday of the month, the last Tuesday from September 2025", () => {
    expect(monthlyExpiryDay(2024, 11)).toBe("2024-11-28"); // Thursday
    expect(monthlyExpiryDay(2025, 8)).toBe("2025-08-28"); // Thursday
    expect(monthlyExpiryDay(2025, 9)).toBe("2025-09-30"); // Tuesday
    expect(monthlyExpiryDay(2026, 11)).toBe("2026-11-24"); // Tuesday
    expect(monthlyExpiryDay(2026, 2)).toBe("2026-02-24"); // February's last Tuesday
  });

  it("the contract nearest expiry on the trade day is -I, the next -II, the third -III", () => {
    const cases: [string, string, string | null][] = [
      ["NIFTY24NOVFUT", "2024-11-05", "NIFTY-I"],
      ["NIFTY24DECFUT", "2024-11-05", "NIFTY-II"],
      ["NIFTY25JANFUT", "2024-11-05", "NIFTY-III"],
      // After November's expiry (28th) December's contract is the nearest.
      ["NIFTY24DECFUT", "2024-11-29", "NIFTY-I"],
      // On the expiry day itself the expiring contract is still -I.
      ["NIFTY26NOVFUT", "2026-11-24", "NIFTY-I"],
      ["BANKNIFTY26DECFUT", "2026-11-25", "BANKNIFTY-I"],
      ["M&M26DECFUT", "2026-11-25", "M&M-I"],
      ["NIFTYNXT5024NOVFUT", "2024-11-05", "NIFTYNXT50-I"],
      // Not a series: expired, a fourth month, an equity, an option.
      ["NIFTY26NOVFUT", "2026-11-25", null],
      ["NIFTY27FEBFUT", "2026-11-02", null],
      ["RELIANCE", "2026-11-02", null],
      ["NIFTY26NOV24000CE", "2026-11-02", null],
    ];
    for (const [contract, day, series] of cases) expect(continuousFutureCode(contract, day), `${contract} on ${day}`).toBe(series);
  });
});
