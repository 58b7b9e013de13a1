// What the signed-in shell (app/root.tsx) shows from the database beside the user: the stored
// theme, the bell's unread count and the NIFTY trend badge. They are scalar subqueries over the
// user's `users` row, so they ride on the read of the session instead of costing a statement
// each (docs/decisions/160); each is its own model's query, written once there.
import { eq, type Placeholder } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { users } from "~/db/schema";
import { DEFAULT_REFERENCE_SYMBOL } from "~/domain/quotes";
import { notificationsSince } from "~/domain/notifications";
import { unreadNotificationCount } from "./notification.server";
import { latestTrendValue, type Trend } from "./symbol-suggestion.server";
import { userSettingValue } from "./user.server";

export interface ShellValues {
  /** The user's Theme setting, if any (a theme cookie in the browser wins over it). */
  theme: string | null;
  /** The bell's number: unread notifications of the current and previous day the user sees. */
  unreadNotifications: number;
  /** The top bar's trend badge: the latest suggestion for NIFTY-I. */
  niftyTrend: Trend | null;
}

/**
 * The shell's values as the columns of a query that reads the user's `users` row. `since` is
 * where the bell's count starts (notificationsSince of now), or a prepared statement's
 * placeholder for it.
 */
export function shellValueColumns(db: AppDatabase, since: Date | Placeholder) {
  return {
    theme: userSettingValue(db, users.id, "Theme"),
    unreadNotifications: unreadNotificationCount({ id: users.id, roleId: users.roleId }, since),
    niftyTrend: latestTrendValue(db, DEFAULT_REFERENCE_SYMBOL),
  };
}

/** The shell's values of one user in one statement, for when the session was read without them. */
export async function readShellValues(db: AppDatabase, userId: number, now: Date = new Date()): Promise<ShellValues> {
  const [row] = await db.select(shellValueColumns(db, notificationsSince(now))).from(users).where(eq(users.id, userId));
  return row ?? { theme: null, unreadNotifications: 0, niftyTrend: null };
}
