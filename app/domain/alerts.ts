// Price alerts (docs/product-rules.md R-D16): the crossing rule between two consecutive ticks, the alert
// form's choices, and the message a fired alert leaves. Pure: shared by the engine, the
// bench and the tests.

export const ALERT_CONDITIONS = ["Equal to", "Greater than", "Less than"] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_VIEW_TYPES = ["Play sound", "Notify in App"] as const;
export type AlertViewType = (typeof ALERT_VIEW_TYPES)[number];

/**
 * Does the move from `previous` to `current` fire an alert at `level`?
 * - "Greater than": from at-or-below the level to above it.
 * - "Less than": from at-or-above the level to below it.
 * - "Equal to": the price touches or passes the level. The previous tick's own price is
 *   excluded (if it sat on the level, that tick already fired), so a price resting on the level
 *   fires once, not on every tick.
 */
export function crossesLevel(condition: AlertCondition, level: number, previous: number, current: number): boolean {
  switch (condition) {
    case "Greater than":
      return previous <= level && current > level;
    case "Less than":
      return previous >= level && current < level;
    case "Equal to":
      return current > previous ? previous < level && level <= current : current < previous ? current <= level && level < previous : false;
  }
}

/**
 * The price range [from, to] (with open or closed ends) of levels a move fires, per condition:
 * the index uses it to binary-search sorted levels instead of testing each alert.
 * Returns null when no level of that condition can fire.
 */
export function firingRange(
  condition: AlertCondition,
  previous: number,
  current: number,
): { from: number; fromInclusive: boolean; to: number; toInclusive: boolean } | null {
  if (current === previous) return null;
  const up = current > previous;
  switch (condition) {
    case "Greater than":
      return up ? { from: previous, fromInclusive: true, to: current, toInclusive: false } : null;
    case "Less than":
      return up ? null : { from: current, fromInclusive: false, to: previous, toInclusive: true };
    case "Equal to":
      return up
        ? { from: previous, fromInclusive: false, to: current, toInclusive: true }
        : { from: current, fromInclusive: true, to: previous, toInclusive: false };
  }
}

/** The notification text of a fired alert. */
export function alertMessage(alert: { name: string; condition: AlertCondition; price: number }, symbolCode: string, last: number, format: (n: number) => string): string {
  return `${alert.name}: ${symbolCode} ${alert.condition.toLowerCase()} ${format(alert.price)} (last ${format(last)})`;
}
