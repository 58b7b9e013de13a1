// The dashboard's figures above the chart (docs/decisions/080, 164): the banner, what each role's
// cards count, a customer's subscription end and the symbols the user may chart, read in ONE
// statement of scalar subqueries; each is its own model's query, embedded.
import { and, count, eq, gte, or, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { alerts, symbols, trades, userSymbols } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import type { SummaryCardKind } from "~/domain/dashboard";
import { rowsOf } from "~/db/rows";
import { embedRows } from "./embedded-rows.server";
import { latestMarqueQuery, type Marque } from "./settings.server";
import { visibleSymbolsQuery, type VisibleSymbol } from "./symbol.server";
import { subscriptionEndQuery, usersByRoleQuery, usersByRoleRecord } from "./user-admin.server";

type Viewer = { id: number; roleId: number };

/** A count query as a value of the enclosing statement. */
const countOf = (query: SQL | { getSQL(): SQL }): SQL<number> => sql<number>`(${query})`.mapWith(Number);

/** Active symbols the user may see: role 4 its subscription, everyone else all of them. */
function visibleActiveSymbolCount(db: AppDatabase, user: Viewer): SQL<number> {
  return countOf(
    user.roleId === 4
      ? db
          .select({ n: count() })
          .from(userSymbols)
          .innerJoin(symbols, eq(symbols.id, userSymbols.symbolId))
          .where(and(eq(userSymbols.userId, user.id), eq(symbols.status, true)))
      : db.select({ n: count() }).from(symbols).where(eq(symbols.status, true)),
  );
}

/** Open trades: everyone's (userId null) or one user's. */
function openTradeCount(db: AppDatabase, userId: number | null): SQL<number> {
  const open = eq(trades.status, true);
  return countOf(
    db
      .select({ n: count() })
      .from(trades)
      .where(userId === null ? open : and(open, eq(trades.userId, userId))),
  );
}

/** Today's alerts: set or fired since the given instant (00:00 IST), everyone's. */
function alertCountSince(db: AppDatabase, since: Date): SQL<number> {
  return countOf(
    db
      .select({ n: count() })
      .from(alerts)
      .where(or(gte(alerts.createdAt, since), gte(alerts.firedAt, since))),
  );
}

/** A user's alerts still waiting to fire. */
function activeAlertCount(db: AppDatabase, userId: number): SQL<number> {
  return countOf(
    db
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.active, true))),
  );
}

export interface DashboardFigures {
  marque: Marque | null;
  /** The value of each card asked for. */
  counts: Partial<Record<SummaryCardKind, number>>;
  /** The end of the user's latest subscription, when asked for (null: none, or no end). */
  subscriptionEnd: string | null;
  /** The symbols the user may chart, by code, when asked for; else null. */
  visibleSymbols: VisibleSymbol[] | null;
}

/**
 * Everything the dashboard shows above its chart, in one statement: the banner, the asked cards'
 * counts (`todayStart`: 00:00 IST, for today's alerts), and when asked the user's subscription end
 * and the symbols it may chart.
 */
export async function readDashboardFigures(
  db: AppDatabase,
  user: Viewer,
  asked: { cards: readonly SummaryCardKind[]; todayStart: Date; subscriptionEnd: boolean; visibleSymbols: boolean },
): Promise<DashboardFigures> {
  const marque = embedRows(latestMarqueQuery(db), "marque");
  const byRole = embedRows(usersByRoleQuery(db), "by_role");
  const subscriptionEnd = embedRows(subscriptionEndQuery(db, user.id), "subscription_end");
  const visible = embedRows(visibleSymbolsQuery(db, user), "visible_symbols");
  const roleCards: Partial<Record<SummaryCardKind, RoleId>> = { admins: 1, subAdmins: 2, employees: 3, customers: 4 };
  const countColumn = (kind: SummaryCardKind): SQL<number> | null => {
    switch (kind) {
      case "admins":
      case "subAdmins":
      case "employees":
      case "customers":
        return null;
      case "activeSymbols":
      case "mySymbols":
        return visibleActiveSymbolCount(db, user);
      case "openTrades":
        return openTradeCount(db, null);
      case "todaysAlerts":
        return alertCountSince(db, asked.todayStart);
      case "myOpenTrades":
        return openTradeCount(db, user.id);
      case "myActiveAlerts":
        return activeAlertCount(db, user.id);
    }
  };
  const needsRoles = asked.cards.some((kind) => roleCards[kind] !== undefined);
  const counted = asked.cards.flatMap((kind) => {
    const column = countColumn(kind);
    return column ? [[kind, column] as const] : [];
  });
  const none = sql`null`;
  const [row] = await db.execute(
    sql`select ${marque.sql} as marque, ${needsRoles ? byRole.sql : none} as by_role, ${asked.subscriptionEnd ? subscriptionEnd.sql : none} as subscription_end, ${
      asked.visibleSymbols ? visible.sql : none
    } as visible_symbols${sql.join(
      counted.map(([, column], i) => sql`, ${column} as ${sql.identifier(`count_${i}`)}`),
      sql``,
    )}`,
  ).then((result) => rowsOf<Record<string, unknown>>(result));
  const roles = row.by_role === null ? null : usersByRoleRecord(byRole.decode(row.by_role));
  const counts: Partial<Record<SummaryCardKind, number>> = {};
  for (const kind of asked.cards) {
    const role = roleCards[kind];
    if (role !== undefined && roles) counts[kind] = roles[role];
  }
  counted.forEach(([kind], i) => (counts[kind] = Number(row[`count_${i}`])));
  return {
    marque: marque.decode(row.marque)[0] ?? null,
    counts,
    subscriptionEnd: row.subscription_end === null ? null : (subscriptionEnd.decode(row.subscription_end)[0]?.dateExpired ?? null),
    visibleSymbols: row.visible_symbols === null ? null : visible.decode(row.visible_symbols),
  };
}
