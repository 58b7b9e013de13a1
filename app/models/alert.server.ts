// Price alerts: the owner's list and CRUD (every write scoped by owner in the WHERE clause),
// the engine's active set, firing (alert → notifications, one transaction) and auto alerts.
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { alerts, notifications, referencePoints, symbols, userSymbols, watchlists, watchlistSymbols } from "~/db/schema";
import type { AlertCondition, AlertViewType } from "~/domain/alerts";
import { pageOffset } from "~/domain/paging";
import type { AlertInput } from "~/schemas/alert";

export interface AlertRow {
  id: number;
  name: string;
  symbolId: number;
  symbolCode: string;
  price: number;
  condition: AlertCondition;
  viewType: string[];
  description: string;
  note: string;
  alertType: string;
  isMasterAlert: boolean;
  isChaviAlert: boolean;
  /** 'Admin' or 'User': who set it (the documents' createdBy). */
  createdBy: string;
  active: boolean;
  firedAt: Date | null;
}

const rowColumns = {
  id: alerts.id,
  name: alerts.name,
  symbolId: alerts.symbolId,
  symbolCode: symbols.symbolCode,
  price: alerts.price,
  condition: alerts.condition,
  viewType: alerts.viewType,
  description: alerts.description,
  note: alerts.note,
  alertType: alerts.alertType,
  isMasterAlert: alerts.isMasterAlert,
  isChaviAlert: alerts.isChaviAlert,
  createdBy: alerts.createdBy,
  active: alerts.active,
  firedAt: alerts.firedAt,
};

export async function listAlertsPage(db: AppDatabase, userId: number, page: number, pageSize: number): Promise<{ rows: AlertRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(alerts)
      .innerJoin(symbols, eq(symbols.id, alerts.symbolId))
      .where(eq(alerts.userId, userId))
      .orderBy(desc(alerts.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(alerts).where(eq(alerts.userId, userId)),
  ]);
  return { rows, total };
}

export async function findOwnAlert(db: AppDatabase, userId: number, id: number): Promise<AlertRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(alerts)
    .innerJoin(symbols, eq(symbols.id, alerts.symbolId))
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .limit(1);
  return row ?? null;
}

type AlertValues = Omit<AlertInput, "symbol"> & { symbolId: number };

function columnsOf(input: AlertValues) {
  return {
    name: input.name,
    symbolId: input.symbolId,
    price: input.price,
    condition: input.condition,
    viewType: [...input.viewType],
    description: input.description,
    note: input.note,
    isMasterAlert: input.isMasterAlert,
    isChaviAlert: input.isChaviAlert,
  };
}

export async function createAlert(db: AppDatabase, userId: number, input: AlertValues, createdBy: string): Promise<number> {
  const [row] = await db
    .insert(alerts)
    .values({ ...columnsOf(input), userId, createdBy })
    .returning({ id: alerts.id });
  return row.id;
}

/**
 * Updates the owner's alert and re-arms it (an edited alert may fire again). Returns the
 * symbols whose index must be rebuilt (old and new), or null when it is not the user's alert.
 */
export async function updateOwnAlert(db: AppDatabase, userId: number, id: number, input: AlertValues): Promise<number[] | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ symbolId: alerts.symbolId })
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .for("update");
    if (!before) return null;
    await tx
      .update(alerts)
      .set({ ...columnsOf(input), active: true, firedAt: null, updatedAt: new Date() })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
    return [...new Set([before.symbolId, input.symbolId])];
  });
}

/** Deletes the owner's alert; returns its symbol, or null when it is not the user's alert. */
export async function deleteOwnAlert(db: AppDatabase, userId: number, id: number): Promise<number | null> {
  const [row] = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ symbolId: alerts.symbolId });
  return row?.symbolId ?? null;
}

export interface ActiveAlert {
  id: number;
  symbolId: number;
  price: number;
  condition: AlertCondition;
}

/** Active alerts of active symbols (all of them, or of the given symbols): the engine's index. */
export async function listActiveAlerts(db: AppDatabase, symbolIds?: readonly number[]): Promise<ActiveAlert[]> {
  if (symbolIds && symbolIds.length === 0) return [];
  return db
    .select({ id: alerts.id, symbolId: alerts.symbolId, price: alerts.price, condition: alerts.condition })
    .from(alerts)
    .where(and(eq(alerts.active, true), symbolIds ? inArray(alerts.symbolId, [...symbolIds]) : undefined));
}

export interface FiredNotification {
  id: number;
  userId: number;
  symbolCode: string;
  message: string;
  view: string[];
  mp3Text: string;
  createdAt: Date;
}

/**
 * Marks the alerts fired (each at its own tick's time) and writes their notifications in one
 * transaction, in the order of `fired` (tick order). Only alerts still active are fired (a second process or a concurrent edit cannot fire one twice). A master
 * alert notifies its owner and every user who follows the symbol (a watchlist entry or a
 * subscription). `messageFor` builds the text from the alert.
 */
export async function fireAlerts(
  db: AppDatabase,
  fired: readonly { id: number; last: number; time: number }[],
  messageFor: (alert: { name: string; condition: AlertCondition; price: number }, symbolCode: string, last: number) => string,
  /** Notifications before this (the start of the previous day) are purged for the recipients. */
  keepSince?: Date,
): Promise<FiredNotification[]> {
  if (fired.length === 0) return [];
  const byId = new Map(fired.map((f) => [f.id, f]));
  // Each alert's own tick time; one value when the batch is one tick (or ticks of one time).
  const times = new Set(Array.from(byId.values(), (f) => f.time));
  const firedAt =
    times.size === 1
      ? new Date(fired[0].time)
      : sql<Date>`(case ${alerts.id} ${sql.join(
          Array.from(byId.values(), (f) => sql`when ${f.id} then ${new Date(f.time).toISOString()}::timestamptz`),
          sql` `,
        )} end)`;
  // Notifications keep the order the alerts fired in (tick order), whatever order the update returns.
  const order = new Map(Array.from(byId.keys(), (id, i) => [id, i]));
  return db.transaction(async (tx) => {
    const returned = await tx
      .update(alerts)
      .set({ active: false, firedAt })
      .where(and(inArray(alerts.id, [...byId.keys()]), eq(alerts.active, true)))
      .returning({
        id: alerts.id,
        userId: alerts.userId,
        symbolId: alerts.symbolId,
        name: alerts.name,
        price: alerts.price,
        condition: alerts.condition,
        viewType: alerts.viewType,
        isMasterAlert: alerts.isMasterAlert,
      });
    if (returned.length === 0) return [];
    const updated = returned.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const symbolIds = [...new Set(updated.map((a) => a.symbolId))];
    const symbolRows = await tx
      .select({ id: symbols.id, symbolCode: symbols.symbolCode, audioScript: symbols.audioScript })
      .from(symbols)
      .where(inArray(symbols.id, symbolIds));
    const symbolById = new Map(symbolRows.map((s) => [s.id, s]));
    const masterSymbols = [...new Set(updated.filter((a) => a.isMasterAlert).map((a) => a.symbolId))];
    const followers = new Map<number, Set<number>>();
    if (masterSymbols.length > 0) {
      const rows = await tx
        .select({ symbolId: userSymbols.symbolId, userId: userSymbols.userId })
        .from(userSymbols)
        .where(inArray(userSymbols.symbolId, masterSymbols))
        .union(
          tx
            .select({ symbolId: watchlistSymbols.symbolId, userId: watchlists.userId })
            .from(watchlistSymbols)
            .innerJoin(watchlists, eq(watchlists.id, watchlistSymbols.watchlistId))
            .where(inArray(watchlistSymbols.symbolId, masterSymbols)),
        );
      for (const r of rows) {
        let set = followers.get(r.symbolId);
        if (!set) followers.set(r.symbolId, (set = new Set()));
        set.add(r.userId);
      }
    }
    const values = updated.flatMap((a) => {
      const symbol = symbolById.get(a.symbolId);
      const fire = byId.get(a.id)!;
      const recipients = new Set([a.userId, ...(a.isMasterAlert ? followers.get(a.symbolId) ?? [] : [])]);
      const message = messageFor(a, symbol?.symbolCode ?? "", fire.last);
      return [...recipients].map((userId) => ({
        userId,
        symbolId: a.symbolId,
        kind: "alert",
        message,
        view: [...a.viewType],
        mp3Text: symbol?.audioScript ?? "",
        createdAt: new Date(fire.time),
      }));
    });
    if (keepSince) {
      const recipients = [...new Set(values.map((v) => v.userId))];
      await tx.delete(notifications).where(and(inArray(notifications.userId, recipients), lt(notifications.createdAt, keepSince)));
    }
    const inserted = await tx.insert(notifications).values(values).returning({
      id: notifications.id,
      userId: notifications.userId,
      symbolId: notifications.symbolId,
      message: notifications.message,
      view: notifications.view,
      mp3Text: notifications.mp3Text,
      createdAt: notifications.createdAt,
    });
    return inserted.map((n) => ({
      id: n.id,
      userId: n.userId,
      symbolCode: (n.symbolId !== null ? symbolById.get(n.symbolId)?.symbolCode : undefined) ?? "",
      message: n.message,
      view: n.view,
      mp3Text: n.mp3Text,
      createdAt: n.createdAt,
    }));
  });
}

/**
 * Auto alerts (docs/decisions/060): one master "Equal to" alert at each of today's active
 * reference points (points dated today or undated), owned by the admin who asked. A point that
 * already has an active auto alert at its price is skipped. Returns how many were created and
 * how many points there were.
 */
export async function createAutoAlerts(db: AppDatabase, adminId: number, today: string): Promise<{ created: number; points: number }> {
  return db.transaction(async (tx) => {
    const points = await tx
      .select({
        symbolId: referencePoints.symbolId,
        pointName: referencePoints.pointName,
        displayName: referencePoints.displayName,
        price: referencePoints.price,
      })
      .from(referencePoints)
      .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId))
      .where(and(eq(referencePoints.isActive, true), eq(symbols.status, true), or(eq(referencePoints.date, today), isNull(referencePoints.date))))
      .orderBy(asc(referencePoints.symbolId), asc(referencePoints.price));
    if (points.length === 0) return { created: 0, points: 0 };
    const existing = await tx
      .select({ symbolId: alerts.symbolId, price: alerts.price })
      .from(alerts)
      .where(and(eq(alerts.alertType, "auto"), eq(alerts.active, true), inArray(alerts.symbolId, [...new Set(points.map((p) => p.symbolId))])));
    const taken = new Set(existing.map((e) => `${e.symbolId}:${e.price}`));
    const fresh = points.filter((p) => {
      const key = `${p.symbolId}:${p.price}`;
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    });
    if (fresh.length > 0) {
      await tx.insert(alerts).values(
        fresh.map((p) => ({
          userId: adminId,
          symbolId: p.symbolId,
          name: p.displayName || p.pointName,
          price: p.price,
          condition: "Equal to" as const,
          viewType: ["Play sound", "Notify in App"] satisfies AlertViewType[],
          description: `Auto alert at ${p.pointName}`,
          alertType: "auto",
          isMasterAlert: true,
          createdBy: "Admin",
        })),
      );
    }
    return { created: fresh.length, points: points.length };
  });
}

/** Symbols touched by auto alerts (to refresh the engine's index after + Set alerts). */
export async function autoAlertSymbolIds(db: AppDatabase): Promise<number[]> {
  const rows = await db.selectDistinct({ symbolId: alerts.symbolId }).from(alerts).where(and(eq(alerts.alertType, "auto"), eq(alerts.active, true)));
  return rows.map((r) => r.symbolId);
}
