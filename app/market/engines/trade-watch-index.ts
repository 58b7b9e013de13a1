// The in-memory index of watched SL and target levels (docs/decisions/168): per symbol and per
// side, the levels sorted by levelKey (app/domain/trade-watch.ts) so that the levels a price
// reaches are always the last ones. A level leaves the index when it is reached, so a tick looks
// at the last key, takes the reached ones off the end, and stops at the first that is not:
// its work is the number of levels it reaches, plus one comparison per side.
import { hitSide, levelKey, priceKey, watchedLevels, type HitSide, type WatchableTrade, type WatchedLevel } from "~/domain/trade-watch";
import { lowerBound, upperBound } from "./alert-index";

export interface IndexedLevel {
  tradeId: number;
  symbolId: number;
  level: WatchedLevel;
  price: number;
  side: HitSide;
}

export interface WatchedTradeRow extends WatchableTrade {
  id: number;
  symbolId: number;
}

/** The levels of one side of one symbol, ascending by key (parallel arrays). */
class SortedKeys {
  readonly keys: number[] = [];
  readonly levels: IndexedLevel[] = [];

  insert(level: IndexedLevel) {
    const key = levelKey(level.side, level.price);
    const at = upperBound(this.keys, key);
    this.keys.splice(at, 0, key);
    this.levels.splice(at, 0, level);
  }

  remove(level: IndexedLevel) {
    const key = levelKey(level.side, level.price);
    for (let i = lowerBound(this.keys, key); i < this.keys.length && this.keys[i] === key; i++) {
      if (this.levels[i] === level) {
        this.keys.splice(i, 1);
        this.levels.splice(i, 1);
        return;
      }
    }
  }

  /** Whether the last (largest) key is reached. */
  reaches(threshold: number): boolean {
    const n = this.keys.length;
    return n > 0 && this.keys[n - 1] >= threshold;
  }

  /** Removes and returns the levels whose key is >= `threshold` (a suffix); counts what it looked at. */
  takeFrom(threshold: number, into: IndexedLevel[], stats: { visited: number }) {
    let i = this.keys.length;
    while (i > 0) {
      stats.visited++;
      if (this.keys[i - 1] < threshold) break;
      i--;
    }
    if (i === this.keys.length) return;
    for (let k = i; k < this.levels.length; k++) into.push(this.levels[k]);
    this.keys.length = i;
    this.levels.length = i;
  }
}

const NOTHING: readonly IndexedLevel[] = Object.freeze([]);

interface SymbolSides {
  atOrBelow: SortedKeys;
  atOrAbove: SortedKeys;
}

export class TradeWatchIndex {
  private readonly bySymbol = new Map<number, SymbolSides>();
  private readonly byTrade = new Map<number, IndexedLevel[]>();
  /**
   * Each symbol's largest key per side, in dense arrays by symbol id (-Infinity or a hole: no
   * level): the tick that reaches nothing, nearly every tick, reads two numbers and touches
   * neither the map nor the sorted arrays (bench/alerts measured the map's walk at several
   * times the cost of the whole tick).
   */
  private readonly topAtOrBelow: number[] = [];
  private readonly topAtOrAbove: number[] = [];

  private refreshTops(symbolId: number) {
    const sides = this.bySymbol.get(symbolId);
    const top = (keys: SortedKeys | undefined) => (keys && keys.keys.length > 0 ? keys.keys[keys.keys.length - 1] : -Infinity);
    this.topAtOrBelow[symbolId] = top(sides?.atOrBelow);
    this.topAtOrAbove[symbolId] = top(sides?.atOrAbove);
  }
  /** Levels the last take() compared: the tests check that it is the levels reached, not all. */
  readonly stats = { visited: 0 };

  /** Watched levels (not trades). */
  get size(): number {
    let n = 0;
    for (const levels of this.byTrade.values()) n += levels.length;
    return n;
  }

  has(tradeId: number, level?: WatchedLevel): boolean {
    const levels = this.byTrade.get(tradeId);
    return levels !== undefined && (level === undefined || levels.some((l) => l.level === level));
  }

  /** Indexes a trade's watched levels (none when closed, unset or already reached), replacing what it had. */
  add(trade: WatchedTradeRow) {
    this.remove(trade.id);
    const levels = watchedLevels(trade).map((level) => ({
      tradeId: trade.id,
      symbolId: trade.symbolId,
      level,
      price: level === "sl" ? trade.slPrice : trade.targetPrice,
      side: hitSide(trade.tradeType, level),
    }));
    if (levels.length === 0) return;
    let sides = this.bySymbol.get(trade.symbolId);
    if (!sides) this.bySymbol.set(trade.symbolId, (sides = { atOrBelow: new SortedKeys(), atOrAbove: new SortedKeys() }));
    for (const level of levels) sides[level.side].insert(level);
    this.byTrade.set(trade.id, levels);
    this.refreshTops(trade.symbolId);
  }

  remove(tradeId: number) {
    const levels = this.byTrade.get(tradeId);
    if (!levels) return;
    this.byTrade.delete(tradeId);
    for (const level of levels) this.bySymbol.get(level.symbolId)?.[level.side].remove(level);
    for (const symbolId of new Set(levels.map((l) => l.symbolId))) this.refreshTops(symbolId);
  }

  /** Re-indexes these trades from `rows` (their current state); an id without a row is dropped. */
  replaceTrades(tradeIds: readonly number[], rows: readonly WatchedTradeRow[]) {
    for (const id of tradeIds) this.remove(id);
    for (const row of rows) this.add(row);
  }

  clear() {
    this.bySymbol.clear();
    this.byTrade.clear();
    this.topAtOrBelow.length = 0;
    this.topAtOrAbove.length = 0;
  }

  /**
   * The levels of a symbol that `price` reaches, removed from the index (a level is reached
   * once). Looks at the reached levels and one more per side.
   */
  take(symbolId: number, price: number): readonly IndexedLevel[] {
    this.stats.visited = 0;
    // Most ticks reach nothing: answer that from the two tops, without allocating. (A hole reads
    // undefined, and undefined >= x is false.)
    if (!(this.topAtOrBelow[symbolId] >= priceKey("atOrBelow", price)) && !(this.topAtOrAbove[symbolId] >= priceKey("atOrAbove", price))) {
      this.stats.visited = 2;
      return NOTHING;
    }
    const sides = this.bySymbol.get(symbolId);
    if (!sides) return NOTHING;
    const reached: IndexedLevel[] = [];
    sides.atOrBelow.takeFrom(priceKey("atOrBelow", price), reached, this.stats);
    sides.atOrAbove.takeFrom(priceKey("atOrAbove", price), reached, this.stats);
    for (const level of reached) {
      const rest = this.byTrade.get(level.tradeId)?.filter((l) => l !== level) ?? [];
      if (rest.length === 0) this.byTrade.delete(level.tradeId);
      else this.byTrade.set(level.tradeId, rest);
    }
    this.refreshTops(symbolId);
    return reached;
  }
}
