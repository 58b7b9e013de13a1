// The in-memory index of active alerts: per symbol and condition, levels sorted by price. A
// tick binary-searches the interval between its previous and current price, so its cost
// depends on the alerts that fire, not on the alerts that do not (docs/decisions/060).
import { ALERT_CONDITIONS, firingRange, type AlertCondition } from "~/domain/alerts";

export interface IndexedAlert {
  id: number;
  symbolId: number;
  price: number;
  condition: AlertCondition;
}

/** Levels of one condition of one symbol, sorted by price (parallel arrays). */
class SortedLevels {
  readonly prices: number[] = [];
  readonly alerts: IndexedAlert[] = [];

  insert(alert: IndexedAlert) {
    const at = upperBound(this.prices, alert.price);
    this.prices.splice(at, 0, alert.price);
    this.alerts.splice(at, 0, alert);
  }

  remove(alert: IndexedAlert): boolean {
    for (let i = lowerBound(this.prices, alert.price); i < this.prices.length && this.prices[i] === alert.price; i++) {
      if (this.alerts[i].id === alert.id) {
        this.prices.splice(i, 1);
        this.alerts.splice(i, 1);
        return true;
      }
    }
    return false;
  }
}

/** First index whose price is >= x. */
export function lowerBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose price is > x. */
export function upperBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type SymbolLevels = Record<AlertCondition, SortedLevels>;

const emptyLevels = (): SymbolLevels => ({ "Equal to": new SortedLevels(), "Greater than": new SortedLevels(), "Less than": new SortedLevels() });

export class AlertIndex {
  /**
   * By symbol id, in a dense array rather than a Map: a tick's lookup is one indexed read, which
   * bench/alerts measured far cheaper than a Map's walk once the heap holds other big indexes.
   */
  private readonly bySymbol: (SymbolLevels | undefined)[] = [];
  private readonly byId = new Map<number, IndexedAlert>();
  /**
   * By symbol id: an open interval (quietBelow, quietAbove) around the last price taken that holds
   * no level of any condition, so a tick that stays inside it fires nothing and costs one
   * comparison instead of six binary searches (bench/alerts: most ticks move within it). NaN (or
   * a hole) when unknown: after a level of the symbol is added or removed, until its next tick.
   */
  private readonly quietBelow: number[] = [];
  private readonly quietAbove: number[] = [];

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  add(alert: IndexedAlert) {
    this.remove(alert.id);
    let levels = this.bySymbol[alert.symbolId];
    if (!levels) this.bySymbol[alert.symbolId] = levels = emptyLevels();
    levels[alert.condition].insert(alert);
    this.byId.set(alert.id, alert);
    this.forgetQuiet(alert.symbolId);
  }

  private forgetQuiet(symbolId: number) {
    this.quietBelow[symbolId] = Number.NaN;
    this.quietAbove[symbolId] = Number.NaN;
  }

  remove(id: number): boolean {
    const alert = this.byId.get(id);
    if (!alert) return false;
    this.byId.delete(id);
    this.bySymbol[alert.symbolId]?.[alert.condition].remove(alert);
    this.forgetQuiet(alert.symbolId);
    return true;
  }

  /** Replaces every alert of these symbols with `alerts` (after a create, edit or delete). */
  replaceSymbols(symbolIds: readonly number[], alerts: readonly IndexedAlert[]) {
    for (const symbolId of symbolIds) {
      const levels = this.bySymbol[symbolId];
      if (!levels) continue;
      for (const condition of ALERT_CONDITIONS) for (const a of levels[condition].alerts) this.byId.delete(a.id);
      this.bySymbol[symbolId] = undefined;
      this.forgetQuiet(symbolId);
    }
    for (const alert of alerts) this.add(alert);
  }

  clear() {
    this.bySymbol.length = 0;
    this.byId.clear();
    this.quietBelow.length = 0;
    this.quietAbove.length = 0;
  }

  /**
   * The alerts of a symbol that the move from `previous` to `current` fires, removed from the
   * index (an alert fires once per crossing). Nothing to search when both prices lie inside the
   * symbol's quiet interval (every firing range lies between them); else two binary searches per
   * condition, and the quiet interval around `current` is found again.
   */
  take(symbolId: number, previous: number, current: number): IndexedAlert[] {
    if (previous === current) return [];
    const levels = this.bySymbol[symbolId];
    if (!levels) return [];
    const below = this.quietBelow[symbolId];
    const above = this.quietAbove[symbolId];
    if (previous > below && current > below && previous < above && current < above) return [];
    const fired = this.takeLevels(levels, previous, current);
    this.findQuiet(symbolId, levels, current);
    return fired;
  }

  /** The nearest levels below and above `price` over every condition; none at `price` itself. */
  private findQuiet(symbolId: number, levels: SymbolLevels, price: number) {
    let below = -Infinity;
    let above = Infinity;
    for (const condition of ALERT_CONDITIONS) {
      const prices = levels[condition].prices;
      if (prices.length === 0) continue;
      const at = lowerBound(prices, price);
      if (at > 0 && prices[at - 1] > below) below = prices[at - 1];
      if (at < prices.length && prices[at] < above) above = prices[at];
    }
    // A level at the price itself leaves no interval around it: the next tick searches.
    this.quietBelow[symbolId] = above === price ? Number.NaN : below;
    this.quietAbove[symbolId] = above === price ? Number.NaN : above;
  }

  private takeLevels(levels: SymbolLevels, previous: number, current: number): IndexedAlert[] {
    let fired: IndexedAlert[] | null = null;
    for (const condition of ALERT_CONDITIONS) {
      const sorted = levels[condition];
      if (sorted.prices.length === 0) continue;
      const range = firingRange(condition, previous, current);
      if (!range) continue;
      const start = range.fromInclusive ? lowerBound(sorted.prices, range.from) : upperBound(sorted.prices, range.from);
      const end = range.toInclusive ? upperBound(sorted.prices, range.to) : lowerBound(sorted.prices, range.to);
      if (end <= start) continue;
      const hit = sorted.alerts.splice(start, end - start);
      sorted.prices.splice(start, end - start);
      for (const a of hit) this.byId.delete(a.id);
      (fired ??= []).push(...hit);
    }
    return fired ?? [];
  }
}
