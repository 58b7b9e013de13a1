// The stop-loss and target watch (docs/decisions/168): when the live price of an open trade
// reaches its SL or its target, the first such price and time are kept on the trade, its owner
// and the trade staff are told, and the owner may have it closed at that price. Pure: the
// market engine's index, the screens, the API and the tests read these rules.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { IST_TIME_ZONE, formatIstDateTime, istDateString } from "./dates";
import { formatNumber } from "./format";
import type { TradeType } from "./pnl";

export type WatchedLevel = "sl" | "target";
export const WATCHED_LEVELS: readonly WatchedLevel[] = ["sl", "target"];

/** How a level is named on screen and in messages. */
export const LEVEL_NAMES: Record<WatchedLevel, string> = { sl: "SL", target: "Target" };

/**
 * Which prices reach a level: a BUY's stop loss and a SELL's (short's) target are reached from
 * above (the price at or below the level), a BUY's target and a SELL's stop loss from below.
 */
export type HitSide = "atOrBelow" | "atOrAbove";

export function hitSide(tradeType: TradeType, level: WatchedLevel): HitSide {
  return (tradeType === "BUY") === (level === "sl") ? "atOrBelow" : "atOrAbove";
}

/** A price at or beyond the level, on the level's side (equality counts). A level of 0 (or less) is none. */
export function isLevelHit(tradeType: TradeType, level: WatchedLevel, levelPrice: number, price: number): boolean {
  if (!(levelPrice > 0) || !Number.isFinite(levelPrice) || !Number.isFinite(price)) return false;
  return hitSide(tradeType, level) === "atOrBelow" ? price <= levelPrice : price >= levelPrice;
}

/** What the watch needs to know of a trade. */
export interface WatchableTrade {
  tradeType: TradeType;
  /** true = open. */
  status: boolean;
  slPrice: number;
  targetPrice: number;
  slHitAt: Date | null;
  targetHitAt: Date | null;
}

/** The levels still watched: only open trades, only a level that is set and not yet reached. */
export function watchedLevels(trade: WatchableTrade): WatchedLevel[] {
  if (!trade.status) return [];
  const levels: WatchedLevel[] = [];
  if (trade.slPrice > 0 && !trade.slHitAt) levels.push("sl");
  if (trade.targetPrice > 0 && !trade.targetHitAt) levels.push("target");
  return levels;
}

/**
 * The watched levels `price` reaches. A trade already beyond a level when the watch first sees
 * it is hit by the first price it sees: the rule looks at one price, not at a move.
 */
export function levelsHitBy(trade: WatchableTrade, price: number): WatchedLevel[] {
  return watchedLevels(trade).filter((level) => isLevelHit(trade.tradeType, level, level === "sl" ? trade.slPrice : trade.targetPrice, price));
}

/**
 * A key that orders a trade's level so that the levels a price reaches are the ones with the
 * largest keys (a suffix of the keys sorted ascending): the level itself when reached from
 * above, its negation when reached from below. The engine's index relies on it.
 */
export function levelKey(side: HitSide, levelPrice: number): number {
  return side === "atOrBelow" ? levelPrice : -levelPrice;
}

/** The price's key: a level is reached when levelKey(side, level) >= priceKey(side, price). */
export function priceKey(side: HitSide, price: number): number {
  return side === "atOrBelow" ? price : -price;
}

/** The first time a level was reached, and at what price. */
export interface LevelHit {
  at: Date;
  price: number;
}

export interface TradeLevelHits {
  slHitAt: Date | null;
  slHitPrice: number | null;
  targetHitAt: Date | null;
  targetHitPrice: number | null;
}

/** The trade's stored hits by level (a hit needs both its time and its price). */
export function levelHitsOf(trade: TradeLevelHits): { level: WatchedLevel; hit: LevelHit }[] {
  const hits: { level: WatchedLevel; hit: LevelHit }[] = [];
  if (trade.slHitAt && trade.slHitPrice !== null) hits.push({ level: "sl", hit: { at: trade.slHitAt, price: trade.slHitPrice } });
  if (trade.targetHitAt && trade.targetHitPrice !== null) hits.push({ level: "target", hit: { at: trade.targetHitAt, price: trade.targetHitPrice } });
  return hits;
}

/** The clock time of a hit in IST, 24-hour (the market's hours), with the IST date when not on `now`'s day. */
function hitClock(at: Date, now: Date): string {
  const ist = new TZDate(at.getTime(), IST_TIME_ZONE);
  return istDateString(at) === istDateString(now) ? format(ist, "HH:mm:ss") : format(ist, "dd-MM-yyyy HH:mm:ss");
}

/** The flag a screen shows: "SL hit 09:42:10 at 407.05" (IST, Indian digit grouping). */
export function levelHitFlag(level: WatchedLevel, hit: LevelHit, now: Date): string {
  return `${LEVEL_NAMES[level]} hit ${hitClock(hit.at, now)} at ${formatNumber(hit.price)}`;
}

/** A flag as screens and the API carry it: the text, the instant and its full IST date-time. */
export interface LevelHitFlagView {
  level: WatchedLevel;
  text: string;
  at: string;
  full: string;
  price: number;
}

export function levelHitFlags(trade: TradeLevelHits, now: Date): LevelHitFlagView[] {
  return levelHitsOf(trade).map(({ level, hit }) => ({
    level,
    text: levelHitFlag(level, hit, now),
    at: hit.at.toISOString(),
    full: formatIstDateTime(hit.at),
    price: hit.price,
  }));
}

/** The notification: "SL hit: NIFTY-I BUY 75 at 24,100.50", and when the setting closed it, that too. */
export function levelHitMessage(
  level: WatchedLevel,
  trade: { symbolCode: string; tradeType: TradeType; quantity: number },
  price: number,
  closed: boolean,
): string {
  const text = `${LEVEL_NAMES[level]} hit: ${trade.symbolCode} ${trade.tradeType} ${formatNumber(trade.quantity, 0)} at ${formatNumber(price)}`;
  return closed ? `${text} (trade closed)` : text;
}

/** The owner's setting (CLOSE_ON_LEVEL_HIT_SETTING, app/domain/user-settings.ts) as stored: off unless "true". */
export function closesOnLevelHit(settingValue: string | null | undefined): boolean {
  return settingValue === "true";
}

/**
 * What an edit does to the stored hits: a level that changed is a new level, not yet reached,
 * so its hit is cleared; an unchanged level keeps its first hit.
 */
export function hitsAfterEdit(
  before: { slPrice: number; targetPrice: number },
  after: { slPrice: number; targetPrice: number },
): Partial<TradeLevelHits> {
  return {
    ...(before.slPrice !== after.slPrice ? { slHitAt: null, slHitPrice: null } : {}),
    ...(before.targetPrice !== after.targetPrice ? { targetHitAt: null, targetHitPrice: null } : {}),
  };
}
