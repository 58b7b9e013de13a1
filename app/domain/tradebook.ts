// A broker tradebook (Zerodha Console's export) read into fills, the fills of one order
// consolidated, and buys and sells matched FIFO per symbol into round trips (docs/decisions/169).
// Pure: the file readers (app/market/tradebook.server.ts) hand each row over as text cells, the
// service says which symbols the user may trade and which broker trades are already imported.
//
// Money stays exact: prices are paise (bigint) from the file's text to the planned trades, and
// an order whose fills had different prices is kept at one average only when that average is
// a whole number of paise (else one lot per price), so no paisa of PNL is rounded away.
import { istMidnight, isValidYmd } from "./dates";
import { decimalUnits, divideRounded, isDecimalNotation, unitsToText, type DecimalText } from "./decimal";
import { continuousFutureSymbol } from "./continuous-futures";

/** The broker's columns, exactly (Zerodha Console, Reports → Tradebook, CSV or XLSX). */
export const TRADEBOOK_COLUMNS = [
  "symbol",
  "isin",
  "trade_date",
  "exchange",
  "segment",
  "series",
  "trade_type",
  "auction",
  "quantity",
  "price",
  "trade_id",
  "order_id",
  "order_execution_time",
] as const;
export type TradebookColumn = (typeof TRADEBOOK_COLUMNS)[number];
export type TradebookColumnIndex = Record<TradebookColumn, number>;

/** A tradebook is small: a busy intraday trader's year is a few MB and some thousand rows. */
export const MAX_TRADEBOOK_MB = 5;
export const MAX_TRADEBOOK_BYTES = MAX_TRADEBOOK_MB * 1024 * 1024;
export const MAX_TRADEBOOK_ROWS = 20_000;
/** A preview not confirmed within this many hours is discarded. */
export const STALE_TRADEBOOK_HOURS = 24;

/** A trade's quantity limit (the trade form's, app/schemas/trade.ts). */
export const MAX_TRADEBOOK_QUANTITY = 10_000_000;
/** The price columns' limit, in paise (numeric(14, 2)). */
const MAX_PRICE_PAISE = 99_999_999_999_999n;

export const TRADEBOOK_COLUMNS_TEXT = TRADEBOOK_COLUMNS.join(", ");
export const NOT_A_TRADEBOOK = `This is not a Zerodha tradebook: its header row must have exactly the columns ${TRADEBOOK_COLUMNS_TEXT}.`;

export type TradeSide = "BUY" | "SELL";

/** One row of the tradebook, read and checked. */
export interface TradebookFill {
  line: number;
  /** The product's symbol code: the file's, or for a futures contract its continuous series (continuousFutureCode). */
  symbol: string;
  /** The file's contract name when `symbol` is its continuous series ("NIFTY26NOVFUT"). */
  contract?: string;
  exchange: string;
  side: TradeSide;
  quantity: number;
  /** Exact, 2 places ("1405.50"). */
  price: DecimalText;
  tradeId: string;
  orderId: string;
  /** The order_execution_time (IST in the file) as UTC epoch ms. */
  executedAt: number;
}

export interface TradebookRowError {
  line: number;
  message: string;
}

/** A header cell as a column name: case, spaces and underscores as the CSV or the XLSX writes them ("Trade Date"). */
export function columnName(cell: string): string {
  return cell.trim().toLowerCase().replace(/[\s_]+/g, "_");
}

/**
 * Whether a row is the header: it names the first column, symbol (the XLSX export has a few
 * lines about the client and the period above its table).
 */
export function looksLikeHeader(cells: readonly string[]): boolean {
  return cells.some((c) => columnName(c) === "symbol") && cells.some((c) => columnName(c) === "trade_id");
}

/** Where each column is in the header row, or what is wrong with it (missing, unknown or repeated columns). */
export function tradebookColumnIndex(cells: readonly string[]): { index: TradebookColumnIndex } | { problem: string } {
  const found = new Map<string, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  cells.forEach((cell, i) => {
    const name = columnName(cell);
    if (name === "") return; // the XLSX's blank first column
    if (!(TRADEBOOK_COLUMNS as readonly string[]).includes(name)) unknown.push(cell.trim().slice(0, 40));
    else if (found.has(name)) repeated.push(name);
    else found.set(name, i);
  });
  const missing = TRADEBOOK_COLUMNS.filter((c) => !found.has(c));
  const problems = [
    missing.length ? `missing ${missing.join(", ")}` : "",
    unknown.length ? `unexpected ${unknown.slice(0, 5).join(", ")}` : "",
    repeated.length ? `repeated ${repeated.join(", ")}` : "",
  ].filter(Boolean);
  if (problems.length) return { problem: `${NOT_A_TRADEBOOK} This file's header: ${problems.join("; ")}.` };
  return { index: Object.fromEntries(found) as TradebookColumnIndex };
}

const SYMBOL = /^[A-Z0-9][A-Z0-9&._-]{0,39}$/;
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;
const CODE = /^[A-Z]{1,10}$/;
const SERIES = /^[A-Z0-9]{0,10}$/;
const BROKER_ID = /^[A-Za-z0-9_-]{1,40}$/;
const quote = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A whole quantity written as the broker writes it ("10" or "10.000000"); null otherwise. */
function readQuantity(text: string): number | null {
  if (!isDecimalNotation(text) || !/^\d+(\.0+)?$/.test(text)) return null;
  const units = decimalUnits(text, 0);
  return units === null || units < 1n || units > BigInt(MAX_TRADEBOOK_QUANTITY) ? null : Number(units);
}

/** A price above 0 with at most 2 decimal places that matter ("1405.500000" is 1405.50); null otherwise. */
function readPrice(text: string): DecimalText | null {
  if (!isDecimalNotation(text) || text.startsWith("-") || text.startsWith("+")) return null;
  const [, fraction = ""] = text.split(".");
  if (fraction.replace(/0+$/, "").length > 2) return null;
  const paise = decimalUnits(text, 2);
  return paise === null || paise <= 0n || paise > MAX_PRICE_PAISE ? null : unitsToText(paise, 2);
}

// A tradebook repeats a few days thousands of times: each day is checked once (date-fns' parser
// costs about 0.1 ms a call, which a 20,000-row file would feel).
const dayChecks = new Map<string, boolean>();
function isTradeDay(ymd: string): boolean {
  let ok = dayChecks.get(ymd);
  if (ok === undefined) {
    ok = isValidYmd(ymd);
    if (dayChecks.size > 4096) dayChecks.clear();
    dayChecks.set(ymd, ok);
  }
  return ok;
}

/** "YYYY-MM-DDTHH:mm:ss" (or with a space) in IST as UTC epoch ms; null when it is not a real time. */
export function readExecutionTime(text: string): { at: number; ymd: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!match || !isTradeDay(match[1])) return null;
  // India has kept one offset since 1945: a wall-clock time is its day's IST midnight plus the seconds.
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return { at: istMidnight(match[1]).getTime() + seconds * 1000, ymd: match[1] };
}

/** One data row (its cells as text) as a fill, or every problem with it. */
export function readTradebookRow(cells: readonly string[], index: TradebookColumnIndex, line: number): { fill: TradebookFill } | { errors: TradebookRowError[] } {
  const cell = (c: TradebookColumn) => (cells[index[c]] ?? "").trim();
  const problems: string[] = [];
  const symbol = cell("symbol").toUpperCase();
  if (!SYMBOL.test(symbol)) problems.push(symbol === "" ? "symbol is missing" : `symbol ${quote(cell("symbol"))} is not a symbol code`);
  const isin = cell("isin").toUpperCase();
  if (isin !== "" && !ISIN.test(isin)) problems.push(`isin ${quote(cell("isin"))} is not an ISIN`);
  const tradeDate = cell("trade_date");
  if (!isTradeDay(tradeDate)) problems.push(`trade_date ${quote(tradeDate)} is not a date (YYYY-MM-DD)`);
  const exchange = cell("exchange").toUpperCase();
  if (!CODE.test(exchange)) problems.push(`exchange ${quote(cell("exchange"))} is not an exchange code`);
  if (!CODE.test(cell("segment").toUpperCase())) problems.push(`segment ${quote(cell("segment"))} is not a segment code`);
  if (!SERIES.test(cell("series").toUpperCase())) problems.push(`series ${quote(cell("series"))} is not a series code`);
  const type = cell("trade_type").toLowerCase();
  if (type !== "buy" && type !== "sell") problems.push(`trade_type ${quote(cell("trade_type"))} is neither buy nor sell`);
  const auction = cell("auction").toLowerCase();
  if (auction !== "true" && auction !== "false") problems.push(`auction ${quote(cell("auction"))} is neither true nor false`);
  const quantity = readQuantity(cell("quantity"));
  if (quantity === null) problems.push(`quantity ${quote(cell("quantity"))} is not a whole number from 1 to ${MAX_TRADEBOOK_QUANTITY.toLocaleString("en-IN")}`);
  const price = readPrice(cell("price"));
  if (price === null) problems.push(`price ${quote(cell("price"))} is not a price above 0 with at most 2 decimals`);
  const tradeId = cell("trade_id");
  if (!BROKER_ID.test(tradeId)) problems.push(tradeId === "" ? "trade_id is missing" : `trade_id ${quote(tradeId)} is not a trade id`);
  const orderId = cell("order_id");
  if (!BROKER_ID.test(orderId)) problems.push(orderId === "" ? "order_id is missing" : `order_id ${quote(orderId)} is not an order id`);
  const executed = readExecutionTime(cell("order_execution_time"));
  if (!executed) problems.push(`order_execution_time ${quote(cell("order_execution_time"))} is not a time (YYYY-MM-DDTHH:mm:ss)`);
  else if (executed.ymd !== tradeDate) problems.push(`order_execution_time ${quote(cell("order_execution_time"))} is not on the trade_date ${tradeDate}`);
  if (problems.length || quantity === null || price === null || !executed) return { errors: problems.map((message) => ({ line, message })) };
  // A futures contract is journaled under its continuous series (NIFTY-I), as the product lists futures.
  const series = continuousFutureCode(symbol, tradeDate);
  const names = series ? { symbol: series, contract: symbol } : { symbol };
  return { fill: { line, ...names, exchange, side: type === "buy" ? "BUY" : "SELL", quantity, price, tradeId, orderId, executedAt: executed.at } };
}

// ---------------------------------------------------------------- futures contracts

const CONTRACT_MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** A monthly futures contract as Zerodha names it: underlying, two-digit year, month, FUT ("NIFTY26NOVFUT", "M&M26DECFUT"). */
const FUTURES_CONTRACT = /^([A-Z][A-Z0-9&-]*?)(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)FUT$/;

/**
 * The day (YYYY-MM-DD) a month's NSE futures expire: its last Tuesday from September 2025, its
 * last Thursday before. A holiday moves an expiry to the trading day before, and no trade can
 * fall in the days between, so the nominal day decides the series as well.
 */
export function monthlyExpiryDay(year: number, month: number): string {
  const weekday = year * 12 + month >= 2025 * 12 + 9 ? 2 : 4;
  const last = new Date(Date.UTC(year, month, 0));
  const day = last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The product's continuous series of a monthly futures contract traded on `tradeDay`: the
 * contract nearest expiry that day is -I, the next -II, the third -III (NIFTY26NOVFUT traded on
 * 2026-11-10 is NIFTY-I, on 2026-11-25, after that month's expiry, it no longer trades, and
 * NIFTY26DECFUT is NIFTY-I). Null for anything else (an equity, an option, an expired or a
 * fourth-month contract).
 */
export function continuousFutureCode(contract: string, tradeDay: string): string | null {
  const match = FUTURES_CONTRACT.exec(contract);
  const day = /^(\d{4})-(\d{2})-\d{2}$/.exec(tradeDay);
  if (!match || !day) return null;
  const contractMonth = (2000 + Number(match[2])) * 12 + CONTRACT_MONTHS.indexOf(match[3]);
  const year = Number(day[1]);
  const month = Number(day[2]);
  const frontMonth = year * 12 + (month - 1) + (tradeDay > monthlyExpiryDay(year, month) ? 1 : 0);
  const ahead = contractMonth - frontMonth;
  return ahead >= 0 && ahead <= 2 ? continuousFutureSymbol(match[1], (ahead + 1) as 1 | 2 | 3) : null;
}

/** A broker trade's key: trade ids are numbered by each exchange. */
export const brokerTradeKey = (fill: Pick<TradebookFill, "exchange" | "tradeId">) => `${fill.exchange}:${fill.tradeId}`;

/** A trade id given twice in one file: the later line is a bad row. */
export function repeatedTradeIdError(fill: TradebookFill, firstLine: number): TradebookRowError {
  return { line: fill.line, message: `trade_id ${fill.tradeId} (${fill.exchange}) is already given on line ${firstLine}` };
}

// ---------------------------------------------------------------- consolidation

/** One order's fills at one price (or at their exact average): what FIFO matching moves. */
export interface TradebookLot {
  symbol: string;
  side: TradeSide;
  quantity: number;
  price: DecimalText;
  /** The first fill's execution time. */
  at: number;
  orderId: string;
  lines: number[];
}

const paise = (price: DecimalText) => decimalUnits(price, 2) as bigint;

/** Fills of one order with its symbol and side: anything else in the same order is a bad row. */
function orderKey(fill: TradebookFill) {
  return fill.orderId;
}

function groupByPrice(fills: readonly TradebookFill[]): TradebookFill[][] {
  const groups = new Map<DecimalText, TradebookFill[]>();
  for (const f of fills) groups.set(f.price, [...(groups.get(f.price) ?? []), f]);
  return [...groups.values()];
}

/**
 * The fills of each order as lots: one lot at the quantity-weighted average when that average is
 * a whole number of paise (then quantity x average is exactly what the fills cost), else one lot
 * per price. A fill whose order already has another symbol or side, or an order over the quantity
 * limit, is a bad row.
 */
export function consolidateOrders(fills: readonly TradebookFill[]): { lots: TradebookLot[]; errors: TradebookRowError[] } {
  const orders = new Map<string, TradebookFill[]>();
  const errors: TradebookRowError[] = [];
  for (const fill of fills) {
    const key = orderKey(fill);
    const order = orders.get(key);
    if (!order) orders.set(key, [fill]);
    else if (order[0].symbol !== fill.symbol || order[0].side !== fill.side)
      errors.push({ line: fill.line, message: `order_id ${fill.orderId} is already a ${order[0].side.toLowerCase()} of ${order[0].symbol} on line ${order[0].line}` });
    else order.push(fill);
  }
  const lots: TradebookLot[] = [];
  for (const order of orders.values()) {
    const quantity = order.reduce((sum, f) => sum + f.quantity, 0);
    if (quantity > MAX_TRADEBOOK_QUANTITY) {
      for (const f of order) errors.push({ line: f.line, message: `order_id ${f.orderId} adds up to more than ${MAX_TRADEBOOK_QUANTITY.toLocaleString("en-IN")} units` });
      continue;
    }
    const cost = order.reduce((sum, f) => sum + BigInt(f.quantity) * paise(f.price), 0n);
    const exact = cost % BigInt(quantity) === 0n;
    const groups = exact ? [order] : groupByPrice(order);
    for (const group of groups) {
      const groupQuantity = group.reduce((sum, f) => sum + f.quantity, 0);
      const groupCost = group.reduce((sum, f) => sum + BigInt(f.quantity) * paise(f.price), 0n);
      lots.push({
        symbol: group[0].symbol,
        side: group[0].side,
        quantity: groupQuantity,
        price: unitsToText(groupCost / BigInt(groupQuantity), 2),
        at: Math.min(...group.map((f) => f.executedAt)),
        orderId: group[0].orderId,
        lines: group.map((f) => f.line).sort((a, b) => a - b),
      });
    }
  }
  return { lots, errors };
}

// ---------------------------------------------------------------- FIFO matching

export interface PlannedExit {
  quantity: number;
  price: DecimalText;
  at: number;
  orderId: string;
  lines: number[];
}

/** A round trip: the lot that opened it (BUY = long, SELL = short) and the exits that closed it. */
export interface PlannedTrade {
  symbol: string;
  tradeType: TradeSide;
  /** The quantity opened (docs/decisions/167). */
  quantity: number;
  entryPrice: DecimalText;
  enteredAt: number;
  entryOrderId: string;
  entryLines: number[];
  exits: PlannedExit[];
  /** Units still open at the end of the file (0: closed). */
  openQuantity: number;
  /** Set on an open trade of an earlier import that this file's lots exit (its `exits` are the new ones only). */
  continues?: { tradeId: number; openBefore: number };
}

/** An open trade of an earlier import, as the next import continues it: its units still open and its entry. */
export interface CarriedTrade {
  tradeId: number;
  symbol: string;
  tradeType: TradeSide;
  entryPrice: DecimalText;
  enteredAt: number;
  openQuantity: number;
}

const byTime = (a: TradebookLot, b: TradebookLot) => a.at - b.at || a.lines[0] - b.lines[0];

/**
 * Matches lots FIFO per symbol, in time order: a lot against an open position on the other side
 * closes its oldest trades first (each closing a partial or final exit); what is left of the lot
 * (all of it when nothing was open, the remainder when it crosses zero) opens a new trade.
 * `carried` are open trades of earlier imports (docs/decisions/169): each joins its symbol's queue
 * at its entry time, so a later file's sells close an earlier file's buys. Returns the new trades
 * in the order they were opened, and the carried trades this file exits.
 */
export function continueRoundTrips(lots: readonly TradebookLot[], carried: readonly CarriedTrade[]): { trades: PlannedTrade[]; continued: PlannedTrade[] } {
  const trades: PlannedTrade[] = [];
  const open = new Map<string, PlannedTrade[]>();
  const waiting: PlannedTrade[] = [...carried]
    .sort((a, b) => a.enteredAt - b.enteredAt || a.tradeId - b.tradeId)
    .map((c) => ({
      symbol: c.symbol,
      tradeType: c.tradeType,
      quantity: c.openQuantity,
      entryPrice: c.entryPrice,
      enteredAt: c.enteredAt,
      entryOrderId: "",
      entryLines: [],
      exits: [],
      openQuantity: c.openQuantity,
      continues: { tradeId: c.tradeId, openBefore: c.openQuantity },
    }));
  const queueOf = (symbol: string) => {
    const queue = open.get(symbol) ?? [];
    open.set(symbol, queue);
    return queue;
  };
  let nextCarried = 0;
  for (const lot of [...lots].sort(byTime)) {
    while (nextCarried < waiting.length && waiting[nextCarried].enteredAt <= lot.at) {
      const trade = waiting[nextCarried++];
      if (trade.openQuantity > 0) queueOf(trade.symbol).push(trade);
    }
    const queue = queueOf(lot.symbol);
    let left = lot.quantity;
    while (left > 0 && queue.length > 0 && queue[0].tradeType !== lot.side) {
      const head = queue[0];
      const units = Math.min(left, head.openQuantity);
      head.exits.push({ quantity: units, price: lot.price, at: lot.at, orderId: lot.orderId, lines: lot.lines });
      head.openQuantity -= units;
      left -= units;
      if (head.openQuantity === 0) queue.shift();
    }
    if (left > 0) {
      const trade: PlannedTrade = {
        symbol: lot.symbol,
        tradeType: lot.side,
        quantity: left,
        entryPrice: lot.price,
        enteredAt: lot.at,
        entryOrderId: lot.orderId,
        entryLines: lot.lines,
        exits: [],
        openQuantity: left,
      };
      queue.push(trade);
      trades.push(trade);
    }
  }
  return { trades, continued: waiting.filter((t) => t.exits.length > 0) };
}

/** The round trips of lots alone (nothing carried from an earlier import). */
export const matchRoundTrips = (lots: readonly TradebookLot[]): PlannedTrade[] => continueRoundTrips(lots, []).trades;

/** Realised PNL of a round trip's exits, exact (docs/decisions/167): BUY (exit - entry), SELL (entry - exit). */
export function realisedPnl(trade: Pick<PlannedTrade, "tradeType" | "entryPrice" | "exits">): DecimalText {
  const entry = paise(trade.entryPrice);
  const sum = trade.exits.reduce((total, e) => total + BigInt(e.quantity) * (trade.tradeType === "BUY" ? paise(e.price) - entry : entry - paise(e.price)), 0n);
  return unitsToText(sum, 2);
}

/**
 * The trades row of a round trip. The entry is its own side's price; a closed trade's other side
 * is its exit's price, so the closed rule (sell - buy) x quantity (docs/product-rules.md R-D9)
 * gives the realised PNL exactly with one exit, or with several whose average is a whole number of
 * paise; otherwise that average rounded, and the exits are what is exact (docs/decisions/167).
 */
export function plannedTradeRow(trade: PlannedTrade): { tradeType: TradeSide; quantity: number; buyPrice: DecimalText; sellPrice: DecimalText; open: boolean; tradeDateTime: number; exitDateTime: number | null } {
  const closed = trade.openQuantity === 0 && trade.exits.length > 0;
  let closing = "0.00";
  if (closed) {
    const total = trade.exits.reduce((sum, e) => sum + BigInt(e.quantity) * paise(e.price), 0n);
    closing = unitsToText(divideRounded(total, BigInt(trade.quantity)), 2);
  }
  return {
    tradeType: trade.tradeType,
    quantity: trade.quantity,
    buyPrice: trade.tradeType === "BUY" ? trade.entryPrice : closing,
    sellPrice: trade.tradeType === "SELL" ? trade.entryPrice : closing,
    open: !closed,
    tradeDateTime: trade.enteredAt,
    exitDateTime: closed ? Math.max(...trade.exits.map((e) => e.at)) : null,
  };
}

// ---------------------------------------------------------------- the import's plan

export type TradebookRowOutcome =
  | { line: number; kind: "trade"; trade: number; alsoTrades?: number[] }
  | { line: number; kind: "continued"; continued: number; alsoTrades?: number[] }
  | { line: number; kind: "duplicate" }
  | { line: number; kind: "unknown-symbol"; symbol: string }
  | { line: number; kind: "error"; message: string };

export interface TradebookPlan {
  trades: PlannedTrade[];
  /** Open trades of earlier imports that this file's lots exit (their `exits` are the new ones). */
  continued: PlannedTrade[];
  /** Fills whose broker trade is already imported (skipped). */
  duplicates: TradebookFill[];
  /** Symbols not listed or not tradable by the user, with their rows (skipped). */
  unknownSymbols: { symbol: string; lines: number[] }[];
  /** Rows that could not be used: the reader's and the consolidation's. */
  errors: TradebookRowError[];
  /** Every row's fate, in line order. */
  rows: TradebookRowOutcome[];
}

/** A fill's symbol as the import's report names it: the file's contract beside its series. */
function shownSymbol(fill: Pick<TradebookFill, "symbol" | "contract">): string {
  return fill.contract ? `${fill.symbol} (${fill.contract})` : fill.symbol;
}

/**
 * The whole import: duplicates (already imported) and unknown symbols are set aside, the rest
 * consolidated by order and matched into round trips. `errors` are the reader's bad rows.
 */
export function planTradebookImport(
  fills: readonly TradebookFill[],
  errors: readonly TradebookRowError[],
  known: { isTradable: (symbol: string) => boolean; isImported: (key: string) => boolean },
  carried: readonly CarriedTrade[] = [],
): TradebookPlan {
  const duplicates: TradebookFill[] = [];
  const unknown = new Map<string, number[]>();
  const usable: TradebookFill[] = [];
  for (const fill of fills) {
    if (known.isImported(brokerTradeKey(fill))) duplicates.push(fill);
    else if (!known.isTradable(fill.symbol)) unknown.set(shownSymbol(fill), [...(unknown.get(shownSymbol(fill)) ?? []), fill.line]);
    else usable.push(fill);
  }
  const consolidated = consolidateOrders(usable);
  const { trades, continued } = continueRoundTrips(consolidated.lots, carried);
  const allErrors = [...errors, ...consolidated.errors];
  const rows: TradebookRowOutcome[] = [
    ...duplicates.map((f) => ({ line: f.line, kind: "duplicate" as const })),
    ...[...unknown].flatMap(([symbol, lines]) => lines.map((line) => ({ line, kind: "unknown-symbol" as const, symbol }))),
    ...allErrors.map((e) => ({ line: e.line, kind: "error" as const, message: e.message })),
  ];
  // A lot that crosses zero exits one trade and opens another: its rows are named by the first
  // (where its broker trade id is recorded) and list the trips they also went into.
  const named = new Map<number, Extract<TradebookRowOutcome, { kind: "trade" | "continued" }>>();
  const name = (line: number, first: () => Extract<TradebookRowOutcome, { kind: "trade" | "continued" }>, trade?: number) => {
    const row = named.get(line);
    if (!row) named.set(line, first());
    else if (trade !== undefined && !(row.kind === "trade" && row.trade === trade) && !row.alsoTrades?.includes(trade)) row.alsoTrades = [...(row.alsoTrades ?? []), trade];
  };
  continued.forEach((trade, i) => {
    for (const line of trade.exits.flatMap((e) => e.lines)) name(line, () => ({ line, kind: "continued", continued: i }));
  });
  trades.forEach((trade, i) => {
    for (const line of [...trade.entryLines, ...trade.exits.flatMap((e) => e.lines)]) name(line, () => ({ line, kind: "trade", trade: i }), i);
  });
  rows.push(...named.values());
  rows.sort((a, b) => a.line - b.line);
  return {
    trades,
    continued,
    duplicates,
    unknownSymbols: [...unknown].map(([symbol, lines]) => ({ symbol, lines })).sort((a, b) => a.symbol.localeCompare(b.symbol)),
    errors: allErrors.sort((a, b) => a.line - b.line),
    rows,
  };
}
