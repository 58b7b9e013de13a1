// The bell's notifications (docs/product-rules.md): kept for the current and previous IST day
// (domain/notifications.ts), and for a customer only those of its subscribed symbols (the
// model's visibleNotificationsOf). The list, the bell's unread count and "mark read" are
// composed here once, so the count always counts what the list shows.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { formatIstDateTime } from "~/domain/dates";
import { notificationsSince } from "~/domain/notifications";
import { countUnreadNotifications, loadRecentNotifications, markNotificationsRead } from "~/models/notification.server";

type Db = Pick<AppContext, "db">;
type Reader = Pick<SessionUser, "id" | "roleId">;

/** The user's notifications of the current and previous day, newest first (times in IST). */
export async function listRecentNotifications(context: Db, user: Reader, now: number = Date.now()) {
  const rows = await loadRecentNotifications(context.db, user, notificationsSince(now));
  return rows.map((n) => ({ id: n.id, time: formatIstDateTime(n.createdAt), message: n.message, symbolCode: n.symbolCode, read: n.read }));
}

/** The bell's number: the unread ones among those listRecentNotifications shows. */
export function countUnreadRecentNotifications(context: Db, user: Reader, now: number = Date.now()): Promise<number> {
  return countUnreadNotifications(context.db, user, notificationsSince(now));
}

/** Marks all the user's notifications read; returns how many were unread. */
export function markAllNotificationsRead(context: Db, user: Pick<SessionUser, "id">): Promise<number> {
  return markNotificationsRead(context.db, user.id);
}
