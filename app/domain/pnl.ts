// Profit and loss of a trade (docs/product-rules.md R-D9). The one place the rule lives: the trade list, the
// reports, the exports and the JSON API all call these functions.
//
// Arithmetic is exact: prices are read as the decimals they stand for and multiplied in scaled
// integers (bigint), so neither 0.1 + 0.2 float noise nor a PNL beyond 2^53 paise (a price of
// 99,99,99,99,999.99 times a million units) moves a figure by a paisa. Results are rounded half
// away from zero to 2 decimals and travel as decimal text ("-1234.50", docs/decisions/118).
import { decimalUnits, divideRounded, numberUnits, unitsToText, type DecimalText } from "./decimal";

export type TradeType = "BUY" | "SELL";

export interface PnlInput {
  tradeType: TradeType;
  /** true = open (PNL follows the live price); false = closed (PNL frozen at sell - buy). */
  open: boolean;
  quantity: number;
  buyPrice: number;
  sellPrice: number;
  /** The trade's partial exits summed (docs/decisions/167); absent or 0 units: none. */
  exits?: ExitTotals | null;
}

/**
 * A trade's exits summed exactly: the units closed and the sum of units x price as decimal text
 * (exit prices have 2 places, so the sum is exact at 2; never an average price, docs/decisions/167).
 */
export interface ExitTotals {
  units: number;
  value: DecimalText;
}

export const NO_EXITS: ExitTotals = { units: 0, value: "0.00" };

/** The exits of a trade summed (sumExits of the rows = what SQL's sum(quantity), sum(quantity * price) answers). */
export function sumExits(exits: readonly { quantity: number; price: number }[]): ExitTotals {
  let units = 0;
  let value = 0n;
  for (const exit of exits) {
    units += exit.quantity;
    value += BigInt(exit.quantity) * priceUnits(exit.price, 2);
  }
  return { units, value: unitsToText(value, 2) };
}

/** A trade's PNL split (docs/decisions/171): realised + unrealised = pnl, each exact to the paisa. */
export interface TradePnlSplit extends TradePnl {
  /** Closed units: the sum over the exits, and all of a closed trade's PNL. */
  realised: DecimalText;
  /** The open units at the live price; "0.00" when the trade is closed. */
  unrealised: DecimalText;
  /** Units still open (quantity - exited units; 0 once closed). */
  openQuantity: number;
}

export interface TradePnl {
  /** Rupees, exact, rounded to 2 decimals. */
  pnl: DecimalText;
  /**
   * Percent, rounded to 2 decimals; null (shown "—") when it means nothing: the traded side's
   * price (the divisor) is 0, or there is no quantity (a legacy trade of 0 units, whose per-unit
   * move once showed as 23,851.85%; docs/decisions/172).
   */
  pnlPercent: DecimalText | null;
}

/** Rounds to 2 decimals, half away from zero, without the 1.005 → 1.00 float trap. */
export function roundTo2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const scaled = Math.round(Math.abs(value) * 100 + 1e-7);
  const result = (sign * scaled) / 100;
  return result === 0 ? 0 : result; // never -0
}

/** A price as an exact decimal at `scale` places; missing or non-finite counts as 0. */
function priceUnits(n: number | null | undefined, scale: number): bigint {
  return (typeof n === "number" ? numberUnits(n, scale) : null) ?? 0n;
}

/** Decimal places a price needs to be held exactly (the live close may carry more than 2). */
function placesOf(n: number | null | undefined): number {
  if (typeof n !== "number" || !Number.isFinite(n)) return 0;
  const text = String(n);
  const exponent = /e([+-]\d+)$/.exec(text);
  const mantissa = exponent ? text.slice(0, exponent.index) : text;
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - (exponent ? Number(exponent[1]) : 0));
}

/**
 * The per-unit price difference of docs/product-rules.md R-D9 as scaled units:
 * open BUY = live - buy, open SELL = sell - live, closed = sell - buy.
 * A missing live price counts as 0 (so an open BUY with no price shows -buyPrice per unit).
 */
function differenceUnits(trade: PnlInput, livePrice: number | null | undefined): { difference: bigint; base: bigint; scale: number } {
  const live = trade.open ? livePrice : null;
  const scale = Math.max(2, placesOf(trade.buyPrice), placesOf(trade.sellPrice), placesOf(live));
  const buy = priceUnits(trade.buyPrice, scale);
  const sell = priceUnits(trade.sellPrice, scale);
  const now = priceUnits(live, scale);
  const difference = !trade.open ? sell - buy : trade.tradeType === "BUY" ? now - buy : sell - now;
  return { difference, base: trade.tradeType === "BUY" ? buy : sell, scale };
}

/** The per-unit price difference of docs/product-rules.md R-D9 (a number: for display and tests). */
export function priceDifference(trade: PnlInput, livePrice: number | null | undefined): number {
  const { difference, scale } = differenceUnits(trade, livePrice);
  return Number(unitsToText(difference, scale));
}

/** PNL and PNL % of one trade. `livePrice` is the symbol's current close (ignored when closed). */
export function computeTradePnl(trade: PnlInput, livePrice?: number | null): TradePnl {
  if (trade.exits && trade.exits.units !== 0) {
    const { pnl, pnlPercent } = splitTradePnl(trade, livePrice);
    return { pnl, pnlPercent };
  }
  const quantity = BigInt(Number.isFinite(trade.quantity) ? Math.trunc(trade.quantity) : 0);
  const { difference, base, scale } = differenceUnits(trade, livePrice);
  const pnl = divideRounded(quantity * difference, 10n ** BigInt(scale - 2));
  // difference / (base / 100), in hundredths of a per cent.
  const percent = base <= 0n || quantity <= 0n ? null : divideRounded(difference * 10_000n, base);
  return { pnl: unitsToText(pnl, 2), pnlPercent: percent === null ? null : unitsToText(percent, 2) };
}

/**
 * PNL with partial exits (docs/decisions/167, 171). Realised = the sum over the exits of
 * units x (exit - entry) (BUY) or units x (entry - exit) (SELL), exact; the units still
 * held are priced by R-D9's own per-unit difference (open: the live price; closed: sell - buy)
 * and that part rounded to 2 decimals alone, so pnl = realised + that part to the paisa. A trade
 * without exits is exactly computeTradePnl. PNL % = the exact PNL / (quantity x entry) x 100,
 * which for a trade without exits is R-D9's per-unit difference / (1 % of the entry).
 */
export function splitTradePnl(trade: PnlInput, livePrice?: number | null): TradePnlSplit {
  const exits = trade.exits ?? NO_EXITS;
  const quantity = BigInt(Number.isFinite(trade.quantity) ? Math.trunc(trade.quantity) : 0);
  const exited = BigInt(Number.isFinite(exits.units) ? Math.trunc(exits.units) : 0);
  const { difference, base, scale } = differenceUnits(trade, livePrice);
  const toPaise = 10n ** BigInt(scale - 2);
  const value = decimalUnits(exits.value, scale) ?? 0n;
  // Exact at `scale`: sum(units x exit) - units x entry, signed by the side.
  const realisedExact = trade.tradeType === "BUY" ? value - exited * base : exited * base - value;
  const held = quantity - exited;
  const heldPaise = divideRounded(held * difference, toPaise);
  const realisedPaise = divideRounded(realisedExact, toPaise);
  const pnlPaise = realisedPaise + heldPaise;
  const invested = quantity * base;
  // No percentage without units or an entry price (as computeTradePnl).
  const percent =
    base <= 0n || quantity <= 0n ? null : exited === 0n ? divideRounded(difference * 10_000n, base) : divideRounded((realisedExact + held * difference) * 10_000n, invested);
  return {
    pnl: unitsToText(pnlPaise, 2),
    pnlPercent: percent === null ? null : unitsToText(percent, 2),
    realised: unitsToText(trade.open ? realisedPaise : pnlPaise, 2),
    unrealised: unitsToText(trade.open ? heldPaise : 0n, 2),
    openQuantity: trade.open ? Number(held) : 0,
  };
}

/** One exit's PNL: units x (exit - entry) for BUY, units x (entry - exit) for SELL, exact. */
export function exitPnl(trade: Pick<PnlInput, "tradeType" | "buyPrice" | "sellPrice">, exit: { quantity: number; price: number }): DecimalText {
  const entry = priceUnits(trade.tradeType === "BUY" ? trade.buyPrice : trade.sellPrice, 2);
  const price = priceUnits(exit.price, 2);
  const units = BigInt(Math.trunc(exit.quantity));
  return unitsToText(units * (trade.tradeType === "BUY" ? price - entry : entry - price), 2);
}

/**
 * Today's mark-to-market of the units still open (docs/decisions/171): open units x (live -
 * reference) for BUY, x (reference - live) for SELL, rounded to 2 decimals, where the reference
 * is the previous close for a position carried from before today (IST) and the entry price for
 * one entered today (or when there is no previous close). No live price, or a closed trade: 0.
 */
export function todayMarkToMarket(
  trade: Pick<PnlInput, "tradeType" | "buyPrice" | "sellPrice" | "open" | "quantity" | "exits">,
  quote: { live: number | null | undefined; prevClose: number | null | undefined; carried: boolean },
): DecimalText {
  const live = quote.live;
  if (!trade.open || typeof live !== "number" || !Number.isFinite(live)) return "0.00";
  const entry = trade.tradeType === "BUY" ? trade.buyPrice : trade.sellPrice;
  const prev = quote.prevClose;
  const reference = quote.carried && typeof prev === "number" && Number.isFinite(prev) && prev > 0 ? prev : entry;
  const scale = Math.max(2, placesOf(live), placesOf(reference));
  const move = priceUnits(live, scale) - priceUnits(reference, scale);
  const held = BigInt(Number.isFinite(trade.quantity) ? Math.trunc(trade.quantity) : 0) - BigInt(Math.trunc(trade.exits?.units ?? 0));
  const paise = divideRounded(held * (trade.tradeType === "BUY" ? move : -move), 10n ** BigInt(scale - 2));
  return unitsToText(paise, 2);
}

/** A figure's paise; text that is not a figure counts as 0. */
function paiseOf(figure: DecimalText): bigint {
  return decimalUnits(figure, 2) ?? 0n;
}

/** Total PNL: the exact sum of the rounded per-trade figures (docs/product-rules.md R-D9). */
export function totalPnl(pnls: readonly DecimalText[]): DecimalText {
  let paise = 0n;
  for (const p of pnls) paise += paiseOf(p);
  return unitsToText(paise, 2);
}

export interface PnlSummary {
  totalPnl: DecimalText;
  totalTrades: number;
  profitableTrades: number;
  lossTrades: number;
  /** Sum of the positive PNLs. */
  totalProfit: DecimalText;
  /** Sum of the negative PNLs (negative or "0.00"). */
  totalLoss: DecimalText;
  /** profitable / total x 100, 2 decimals; 0 with no trades. */
  pnlRatio: number;
  /** The trades' stored charges summed (docs/decisions/174); a trade no rates covered adds 0. */
  totalCharges: DecimalText;
  /** totalPnl - totalCharges. */
  netPnl: DecimalText;
}

/** A set of trades' PNL split (docs/decisions/171): realised + unrealised = total PNL. */
export interface PnlSplitTotals {
  realisedPnl: DecimalText;
  unrealisedPnl: DecimalText;
  /** Today's mark-to-market of the open units (todayMarkToMarket). */
  todayMtm: DecimalText;
}

/** The report cards over a set of per-trade PNLs. A trade at exactly 0 is neither. */
export function summarisePnl(pnls: readonly DecimalText[]): PnlSummary {
  const tally = createPnlTally();
  for (const p of pnls) tally.addTrade(p);
  return tally.summary();
}

/**
 * The same cards, summed one figure at a time in constant memory: an export's totals row is
 * tallied from the rows it writes, so it is exactly the sum of them (docs/decisions/143).
 * `addTrade` takes one trade's rounded PNL; `addSummary` a group's cards (a PNL report user).
 */
export function createPnlTally() {
  let trades = 0;
  let profitable = 0;
  let loss = 0;
  let profit = 0n;
  let lost = 0n;
  let charged = 0n;
  return {
    /** One trade's rounded PNL and its charges (null: no rates covered it). */
    addTrade(pnl: DecimalText, charges: DecimalText | null = null) {
      const paise = paiseOf(pnl);
      if (charges !== null) charged += paiseOf(charges);
      trades += 1;
      if (paise > 0n) {
        profitable += 1;
        profit += paise;
      } else if (paise < 0n) {
        loss += 1;
        lost += paise;
      }
    },
    addSummary(group: Pick<PnlSummary, "totalTrades" | "profitableTrades" | "lossTrades" | "totalProfit" | "totalLoss" | "totalCharges">) {
      charged += paiseOf(group.totalCharges);
      trades += group.totalTrades;
      profitable += group.profitableTrades;
      loss += group.lossTrades;
      profit += paiseOf(group.totalProfit);
      lost += paiseOf(group.totalLoss);
    },
    summary(): PnlSummary {
      return {
        totalPnl: unitsToText(profit + lost, 2),
        totalTrades: trades,
        profitableTrades: profitable,
        lossTrades: loss,
        totalProfit: unitsToText(profit, 2),
        totalLoss: unitsToText(lost, 2),
        pnlRatio: pnlRatio(profitable, trades),
        totalCharges: unitsToText(charged, 2),
        netPnl: unitsToText(profit + lost - charged, 2),
      };
    },
  };
}
export type PnlTally = ReturnType<typeof createPnlTally>;

/** PNL ratio = profitable trades / total trades x 100, 2 decimals (docs/product-rules.md R-AC9). */
export function pnlRatio(profitable: number, total: number): number {
  return total > 0 ? roundTo2((profitable / total) * 100) : 0;
}
