// The dashboard's summary counts (docs/decisions/080): what each role's cards count.
import { and, count, eq, gte, or, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { alerts, symbols, trades, userSymbols } from "~/db/schema";

/** Active symbols the user may see: role 4 its subscription, everyone else all of them. */
export async function countVisibleActiveSymbols(db: AppDatabase, user: { id: number; roleId: number }): Promise<number> {
  const [row] =
    user.roleId === 4
      ? await db
          .select({ n: count() })
          .from(userSymbols)
          .innerJoin(symbols, eq(symbols.id, userSymbols.symbolId))
          .where(and(eq(userSymbols.userId, user.id), eq(symbols.status, true)))
      : await db.select({ n: count() }).from(symbols).where(eq(symbols.status, true));
  return Number(row?.n ?? 0);
}

/** Open trades: everyone's (userId null) or one user's. */
export async function countOpenTrades(db: AppDatabase, userId: number | null): Promise<number> {
  const open = eq(trades.status, true);
  const [row] = await db
    .select({ n: count() })
    .from(trades)
    .where(userId === null ? open : and(open, eq(trades.userId, userId)));
  return Number(row?.n ?? 0);
}

/** Today's alerts: set or fired since the given instant (00:00 IST), everyone's or one user's. */
export async function countAlertsSince(db: AppDatabase, since: Date, userId: number | null): Promise<number> {
  const today = or(gte(alerts.createdAt, since), gte(alerts.firedAt, since));
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(userId === null ? today : and(today, eq(alerts.userId, userId)));
  return Number(row?.n ?? 0);
}

/** A user's alerts still waiting to fire. */
export async function countActiveAlerts(db: AppDatabase, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.active, true)));
  return Number(row?.n ?? 0);
}
