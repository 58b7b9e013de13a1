// Keys (chavi): named rungs of a price ladder per symbol and day (DECISIONS 17). Pure and browser-safe.

export type KeyType = "plus" | "minus";

export interface KeyDefinition<Id = number> {
  id: Id;
  displayName: string;
  type: KeyType;
  srNo: number;
  isactive: boolean | number;
}

export interface KeyRung<Id = number> {
  keyId: Id;
  displayName: string;
  type: KeyType;
  srNo: number;
  /** base ± srNo × step, rounded to 2 decimals (prices are stored with 2 decimals). */
  price: number;
}

export interface KeyCrossing<Id = number> {
  keyId: Id;
  type: KeyType;
  /** "<Display Name> BUY" (plus rung crossed upward) or "<Display Name> SELL" (minus rung downward). */
  label: string;
  /** The rung's price. */
  price: number;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The ladder: every active key stands at base + srNo × step (plus) or base - srNo × step (minus),
 * where base is the previous session's settlement price and step the symbol's step. Inactive keys
 * (isactive false or 0) are left out. A non-finite base, a non-finite or non-positive step gives
 * no rungs, as does a key with a non-finite srNo. Rungs are sorted by price ascending.
 */
export function keyLadder<Id>(base: number, step: number, keys: readonly KeyDefinition<Id>[]): KeyRung<Id>[] {
  if (!Number.isFinite(base) || !Number.isFinite(step) || step <= 0) return [];
  return keys
    .filter((k) => Boolean(k.isactive) && Number.isFinite(k.srNo))
    .map((k) => ({
      keyId: k.id,
      displayName: k.displayName,
      type: k.type,
      srNo: k.srNo,
      price: round2(k.type === "plus" ? base + k.srNo * step : base - k.srNo * step),
    }))
    .sort((a, b) => a.price - b.price);
}

export function keyLabel(displayName: string, type: KeyType): string {
  return `${displayName.trim()} ${type === "plus" ? "BUY" : "SELL"}`;
}

/**
 * The key events between two consecutive prices. A plus rung fires BUY when crossed upward
 * (prev < rung <= price); a minus rung fires SELL when crossed downward (prev > rung >= price).
 * Touching the rung counts; starting on it does not. A plus rung crossed downward or a minus rung
 * crossed upward fires nothing. Without a previous price (the first tick) nothing fires. Events
 * come in the order the price passed the rungs.
 */
export function keyCrossings<Id>(
  prevPrice: number | null | undefined,
  price: number,
  rungs: readonly KeyRung<Id>[],
): KeyCrossing<Id>[] {
  if (prevPrice === null || prevPrice === undefined || !Number.isFinite(prevPrice) || !Number.isFinite(price)) return [];
  if (price === prevPrice) return [];
  const up = price > prevPrice;
  const crossed = rungs.filter((r) =>
    up ? r.type === "plus" && prevPrice < r.price && r.price <= price : r.type === "minus" && prevPrice > r.price && r.price >= price,
  );
  crossed.sort((a, b) => (up ? a.price - b.price : b.price - a.price));
  return crossed.map((r) => ({ keyId: r.keyId, type: r.type, label: keyLabel(r.displayName, r.type), price: r.price }));
}

/** The key type a label belongs to, read from its BUY/SELL suffix; null for any other label. */
export function keyTypeOfLabel(label: string): KeyType | null {
  const last = label.trim().split(/\s+/).pop()?.toUpperCase();
  if (last === "BUY") return "plus";
  if (last === "SELL") return "minus";
  return null;
}

/**
 * The previous plus and minus key labels: the last event of each type, events given oldest first.
 * An event without a type (e.g. a stored row that keeps only the label) is typed by its suffix.
 */
export function previousKeyLabels(events: readonly { label: string; type?: KeyType }[]): {
  plus: string | null;
  minus: string | null;
} {
  let plus: string | null = null;
  let minus: string | null = null;
  for (const e of events) {
    const type = e.type ?? keyTypeOfLabel(e.label);
    if (type === "plus") plus = e.label;
    else if (type === "minus") minus = e.label;
  }
  return { plus, minus };
}
