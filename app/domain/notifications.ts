// Notifications are kept for the current and previous IST day only (docs/product-rules.md R-TD4, R-TD9).
import { istDateString, istMidnight } from "./dates";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start (00:00 IST) of the day before `now`'s IST day: older notifications are dropped. */
export function notificationsSince(now: Date | number): Date {
  const t = typeof now === "number" ? now : now.getTime();
  return istMidnight(istDateString(istMidnight(istDateString(t)).getTime() - DAY_MS));
}
