// Keys (chavi): named rungs of a price ladder per symbol and day (docs/product-rules.md R-D17). Pure and browser-safe.

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

/**
 * How many of a symbol's key events a page or an API call sends at once, the newest: the chips and
 * badges (and the chart's key markers among them), a page of the Keys dialog and of
 * getChaviBySymbol, the advanced chart's marks, and the labels riding on ticks (docs/decisions/159).
 */
export const KEY_EVENTS_SHOWN = 50;

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
 * As the type then follows from the label, the last event of each distinct label gives the same
 * answer as all of them (the day's stored events are read that way, docs/decisions/159).
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

/**
 * Who hears a key event live (the documents: "Roles 1, 3 and 4 receive live key updates"): role 1
 * every key, as its charts list every key's events; roles 3 and 4 the keys assigned to them. A
 * role-2 user assigned a key hears nothing. The hub then keeps those not entitled to the symbol out.
 */
export function keyEventAudience(assigned: readonly { id: number; roleId: number }[]): { roles: number[]; userIds: number[] } {
  return { roles: [1], userIds: assigned.filter((u) => u.roleId === 3 || u.roleId === 4).map((u) => u.id) };
}

/**
 * Which crossings of one symbol have already made an event on one IST trading day
 * (docs/decisions/126): a key fires once per rung and direction per day, so a price hovering
 * round a rung does not fire it again on every re-cross. Identities are opaque strings.
 */
export interface KeyEventLedger {
  day: string;
  fired: ReadonlySet<string>;
}

/** The direction the price moved to make a crossing of this key type (BUY upward, SELL downward). */
export function keyCrossingDirection(type: KeyType): "up" | "down" {
  return type === "plus" ? "up" : "down";
}

/** The identity of a key event within its day: key, rung price and direction. */
export function keyEventIdentity<Id>(crossing: { keyId: Id; type: KeyType; price: number }): string {
  return `${String(crossing.keyId)}|${crossing.price}|${keyCrossingDirection(crossing.type)}`;
}

/**
 * The crossings that make new events on `day` (YYYY-MM-DD, IST), and the ledger after them.
 * A crossing whose key, rung and direction already fired that day is dropped; a ledger of an
 * earlier day is started afresh. Repeats inside `crossings` itself are dropped too. The ledger
 * given is not changed.
 */
export function admitKeyCrossings<Id, C extends { keyId: Id; type: KeyType; price: number }>(
  ledger: KeyEventLedger | undefined,
  day: string,
  crossings: readonly C[],
): { ledger: KeyEventLedger; admitted: C[] } {
  const current = ledger && ledger.day === day ? ledger : { day, fired: new Set<string>() };
  const admitted: C[] = [];
  let fired: Set<string> | null = null;
  for (const crossing of crossings) {
    const id = keyEventIdentity(crossing);
    if ((fired ?? current.fired).has(id)) continue;
    fired ??= new Set(current.fired);
    fired.add(id);
    admitted.push(crossing);
  }
  return { ledger: fired ? { day, fired } : current, admitted };
}
