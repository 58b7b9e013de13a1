// Indian charges on a trade (docs/decisions/173): brokerage by a plan, STT, exchange transaction
// charges, the SEBI fee, stamp duty and GST, by segment, from one dated table of rates. Pure and
// browser-safe; the rates come from the database (charge_rates), never from this file.
//
// Exact like the PNL rule (app/domain/pnl.ts): turnover is held in paise and rates as percentages
// at RATE_SCALE places, multiplied in scaled integers (bigint), and each charge is rounded once,
// over the whole trade, half away from zero.
import { decimalUnits, divideRounded, formatUnitsIndian, numberUnits, unitsToText, type DecimalText } from "./decimal";
import { readContinuousFuture } from "./continuous-futures";

export const CHARGE_SEGMENTS = ["EQUITY_INTRADAY", "EQUITY_DELIVERY", "INDEX_FUTURES", "STOCK_FUTURES"] as const;
export type ChargeSegment = (typeof CHARGE_SEGMENTS)[number];

export const CHARGE_SEGMENT_LABELS: Record<ChargeSegment, string> = {
  EQUITY_INTRADAY: "Equity intraday",
  EQUITY_DELIVERY: "Equity delivery",
  INDEX_FUTURES: "Index futures",
  STOCK_FUTURES: "Stock futures",
};

/** Places a rate (a percentage) is held to: 0.00297 % and 0.0001 % need 5 and 4. */
export const RATE_SCALE = 6;

/** How a broker charges per executed order. */
export type BrokeragePlan =
  | { kind: "flat"; /** Rupees per executed order. */ perOrder: DecimalText }
  | { kind: "percent"; /** Percent of the order's value. */ rate: DecimalText; /** Rupees; at most this per order. */ cap: DecimalText | null };

/** One segment's statutory rates, in force from `effectiveFrom` (an IST yyyy-mm-dd) until the next row. */
export interface ChargeRates {
  segment: ChargeSegment;
  effectiveFrom: string;
  /** Percent of the buy value. */
  sttBuy: DecimalText;
  /** Percent of the sell value. */
  sttSell: DecimalText;
  /** Exchange transaction charge, percent of both sides' value. */
  exchange: DecimalText;
  /** SEBI turnover fee, percent of both sides' value (Rs 10 a crore is 0.0001 %). */
  sebi: DecimalText;
  /** Stamp duty, percent of the buy value. */
  stampBuy: DecimalText;
  /** GST, percent of brokerage + exchange charge + SEBI fee. */
  gst: DecimalText;
  /** The brokerage for users without a plan of their own. */
  brokerage: BrokeragePlan;
}

export interface ChargeOrder {
  side: "BUY" | "SELL";
  quantity: number;
  price: number;
}

export interface ChargeBreakdown {
  brokerage: DecimalText;
  stt: DecimalText;
  exchange: DecimalText;
  sebi: DecimalText;
  stamp: DecimalText;
  gst: DecimalText;
  total: DecimalText;
}

const PAISE_SCALE = 2;
/** Turnover (paise, scale 2) x rate (percent, scale RATE_SCALE) / 100 back to paise. */
const RATE_DIVISOR = 100n * 10n ** BigInt(RATE_SCALE);

function rateUnits(rate: DecimalText): bigint {
  return decimalUnits(rate, RATE_SCALE) ?? 0n;
}

function rupeesUnits(amount: DecimalText): bigint {
  return decimalUnits(amount, PAISE_SCALE) ?? 0n;
}

/** An order's value in paise, exactly (price at paise, quantity whole). */
function orderValue(order: ChargeOrder): bigint {
  const price = numberUnits(order.price, PAISE_SCALE) ?? 0n;
  const quantity = BigInt(Number.isFinite(order.quantity) ? Math.max(0, Math.trunc(order.quantity)) : 0);
  return price * quantity;
}

/** value x rate %, unrounded, at scale PAISE_SCALE + RATE_SCALE + 2 (hundredths of the rate's places). */
function percentOf(value: bigint, rate: DecimalText): bigint {
  return value * rateUnits(rate);
}

/** Brokerage of one order, exact at the same scale as percentOf. */
function orderBrokerage(value: bigint, plan: BrokeragePlan): bigint {
  if (plan.kind === "flat") return value > 0n ? rupeesUnits(plan.perOrder) * RATE_DIVISOR : 0n;
  const charged = percentOf(value, plan.rate);
  if (plan.cap === null) return charged;
  const cap = rupeesUnits(plan.cap) * RATE_DIVISOR;
  return charged < cap ? charged : cap;
}

/**
 * The charges on one trade's orders (its entry and each exit) under `rates`, with `plan` as the
 * brokerage (the user's own plan, or the segment's default). STT is rounded to the nearest rupee,
 * as the tax is levied on a contract note; every other charge to the paisa. GST is charged on the
 * exact brokerage, exchange charge and SEBI fee, then rounded.
 */
export function chargesFor(orders: readonly ChargeOrder[], rates: ChargeRates, plan: BrokeragePlan = rates.brokerage): ChargeBreakdown {
  let buyValue = 0n;
  let sellValue = 0n;
  let brokerage = 0n;
  for (const order of orders) {
    const value = orderValue(order);
    if (order.side === "BUY") buyValue += value;
    else sellValue += value;
    brokerage += orderBrokerage(value, plan);
  }
  const turnover = buyValue + sellValue;
  const sttExact = percentOf(buyValue, rates.sttBuy) + percentOf(sellValue, rates.sttSell);
  const exchangeExact = percentOf(turnover, rates.exchange);
  const sebiExact = percentOf(turnover, rates.sebi);
  const stampExact = percentOf(buyValue, rates.stampBuy);
  // GST = (brokerage + exchange + SEBI) x gst %: one more RATE_DIVISOR of scale.
  const gstExact = (brokerage + exchangeExact + sebiExact) * rateUnits(rates.gst);

  const paise = (exact: bigint) => divideRounded(exact, RATE_DIVISOR);
  const stt = divideRounded(sttExact, RATE_DIVISOR * 100n) * 100n;
  const parts = {
    brokerage: paise(brokerage),
    stt,
    exchange: paise(exchangeExact),
    sebi: paise(sebiExact),
    stamp: paise(stampExact),
    gst: divideRounded(gstExact, RATE_DIVISOR * RATE_DIVISOR),
  };
  const total = Object.values(parts).reduce((sum, part) => sum + part, 0n);
  return {
    brokerage: unitsToText(parts.brokerage, PAISE_SCALE),
    stt: unitsToText(parts.stt, PAISE_SCALE),
    exchange: unitsToText(parts.exchange, PAISE_SCALE),
    sebi: unitsToText(parts.sebi, PAISE_SCALE),
    stamp: unitsToText(parts.stamp, PAISE_SCALE),
    gst: unitsToText(parts.gst, PAISE_SCALE),
    total: unitsToText(total, PAISE_SCALE),
  };
}

/** Why a trade's charges read "—": no row of the table covers its segment on its day (docs/decisions/174). */
export const NO_RATES_TITLE = "No charge rates in force on the trade's day";

/** Net PNL = gross PNL - charges, exactly; a trade no rates covered (null) keeps its gross. */
export function netPnl(gross: DecimalText, charges: DecimalText | null): DecimalText {
  return unitsToText(rupeesUnits(gross) - rupeesUnits(charges ?? "0"), PAISE_SCALE);
}

/** Index futures by their underlying; everything else ending in -I, -II or -III is a stock future. */
const INDEX_UNDERLYINGS = new Set(["NIFTY", "BANKNIFTY", "FINNIFTY", "MIDCPNIFTY", "NIFTYNXT50", "SENSEX", "BANKEX"]);

/**
 * The segment a trade is charged under: a continuous future by its underlying (NIFTY-I is an
 * index future, RELIANCE-I a stock future); an equity is intraday when it was closed on the IST
 * day it was opened, delivery otherwise (an open equity position is charged as delivery).
 */
export function chargeSegmentOf(symbolCode: string, openedOn: string, closedOn: string | null): ChargeSegment {
  const future = readContinuousFuture(symbolCode.trim().toUpperCase());
  if (future) return INDEX_UNDERLYINGS.has(future.underlying) ? "INDEX_FUTURES" : "STOCK_FUTURES";
  return closedOn !== null && closedOn === openedOn ? "EQUITY_INTRADAY" : "EQUITY_DELIVERY";
}

/** The segment's rates in force on `day` (yyyy-mm-dd): the latest row not after it, or null. */
export function ratesOn<Rates extends ChargeRates>(table: readonly Rates[], segment: ChargeSegment, day: string): Rates | null {
  let found: Rates | null = null;
  for (const row of table) {
    if (row.segment !== segment || row.effectiveFrom > day) continue;
    if (!found || row.effectiveFrom > found.effectiveFrom) found = row;
  }
  return found;
}

/** A rate as people write it: "0.025000" is 0.025, "18.000000" is 18. */
export function shownRate(rate: DecimalText): string {
  const units = decimalUnits(rate, RATE_SCALE);
  return units === null ? rate : unitsToText(units, RATE_SCALE).replace(/\.?0+$/, "");
}

/** Rupees with Indian grouping and paise: "1,00,000.00". */
function shownRupees(amount: DecimalText): string {
  return formatUnitsIndian(rupeesUnits(amount), PAISE_SCALE);
}

/** A plan as a sentence: "₹20.00 per order", "0.03 % of each order, at most ₹20.00". */
export function describePlan(plan: BrokeragePlan): string {
  if (plan.kind === "flat") return `₹${shownRupees(plan.perOrder)} per order`;
  return `${shownRate(plan.rate)} % of each order${plan.cap === null ? "" : `, at most ₹${shownRupees(plan.cap)}`}`;
}

export interface ChargeableTrade {
  tradeType: "BUY" | "SELL";
  quantity: number;
  buyPrice: number;
  sellPrice: number;
  /** true = open. */
  open: boolean;
  /** Partial or final exits (docs/decisions/167), in any order. */
  exits: readonly { quantity: number; price: number }[];
}

/**
 * A trade's executed orders (docs/decisions/167): its entry (BUY at the buy price, or a short's
 * SELL at the sell price), then each exit on the other side. A closed trade without exit rows
 * exited all at once at its closing price; an open trade's still-open units have no order yet.
 */
export function ordersOf(trade: ChargeableTrade): ChargeOrder[] {
  const entrySide = trade.tradeType;
  const exitSide = entrySide === "BUY" ? "SELL" : "BUY";
  const entryPrice = entrySide === "BUY" ? trade.buyPrice : trade.sellPrice;
  const orders: ChargeOrder[] = [{ side: entrySide, quantity: trade.quantity, price: entryPrice }];
  if (trade.exits.length > 0) {
    for (const exit of trade.exits) orders.push({ side: exitSide, quantity: exit.quantity, price: exit.price });
  } else if (!trade.open) {
    orders.push({ side: exitSide, quantity: trade.quantity, price: exitSide === "BUY" ? trade.buyPrice : trade.sellPrice });
  }
  return orders;
}

/** A trade as its charges are worked out: its orders (ChargeableTrade) and its IST entry and exit days. */
export interface DatedChargeableTrade extends ChargeableTrade {
  symbolCode: string;
  /** IST yyyy-mm-dd of the entry. */
  openedOn: string;
  /** IST yyyy-mm-dd of the exit; null while open. */
  closedOn: string | null;
}

/**
 * One trade's charges in rupees ("82.48") by the rows of `table` in force on its entry day for
 * its segment, with the owner's plan or the segment's default; null when no row covers that day
 * (docs/decisions/174).
 */
export function tradeChargesOn<Rates extends ChargeRates>(trade: DatedChargeableTrade, table: readonly Rates[], plan: BrokeragePlan | null | undefined): DecimalText | null {
  const rates = ratesOn(table, chargeSegmentOf(trade.symbolCode, trade.openedOn, trade.closedOn), trade.openedOn);
  return rates ? chargesFor(ordersOf(trade), rates, plan ?? rates.brokerage).total : null;
}
