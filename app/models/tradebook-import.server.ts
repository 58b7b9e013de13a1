// Tradebook imports (docs/decisions/169): the staged upload (its checked fills and bad rows, owned
// by the user who sent it), the broker trades a user has imported, and the commit's writes
// (trades, their exits, the imported broker trade ids). Every read and write is scoped by owner.
import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { refreshTradeCharges } from "./trade-charges.server";
import { exitTotalsOfRow } from "./trade-exit.server";
import { importedBrokerTrades, tradebookImports, tradeExits, trades } from "~/db/schema";
import type { TradebookFill, TradebookRowError } from "~/domain/tradebook";

export type TradebookImportState = "previewed" | "committed";

export interface TradebookImportRow {
  id: number;
  userId: number;
  fileName: string;
  format: string;
  state: TradebookImportState;
  rowCount: number;
  fills: TradebookFill[];
  errors: TradebookRowError[];
  report: unknown;
  createdAt: Date;
  committedAt: Date | null;
}

const importColumns = {
  id: tradebookImports.id,
  userId: tradebookImports.userId,
  fileName: tradebookImports.fileName,
  format: tradebookImports.format,
  state: tradebookImports.state,
  rowCount: tradebookImports.rowCount,
  fills: tradebookImports.fills,
  errors: tradebookImports.errors,
  report: tradebookImports.report,
  createdAt: tradebookImports.createdAt,
  committedAt: tradebookImports.committedAt,
};

const asRow = (row: (typeof tradebookImports)["$inferSelect"] | undefined) => (row ? (row as unknown as TradebookImportRow) : null);

export async function insertTradebookImport(
  db: AppDatabase,
  values: { userId: number; fileName: string; format: string; rowCount: number; fills: TradebookFill[]; errors: TradebookRowError[] },
): Promise<number> {
  const [row] = await db.insert(tradebookImports).values(values).returning({ id: tradebookImports.id });
  return row.id;
}

/** One of the user's imports (another user's is not found). */
export async function findTradebookImport(db: AppDatabase, userId: number, id: number): Promise<TradebookImportRow | null> {
  const [row] = await db
    .select(importColumns)
    .from(tradebookImports)
    .where(and(eq(tradebookImports.id, id), eq(tradebookImports.userId, userId)))
    .limit(1);
  return asRow(row as never);
}

/**
 * The user's import, locked for the commit; the commits of one user also wait for each other
 * (a transaction-scoped advisory lock), so two imports of overlapping files cannot both pass
 * the duplicate check.
 */
export async function lockTradebookImport(tx: AppDatabase, userId: number, id: number): Promise<TradebookImportRow | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x7462696d}, ${userId})`);
  const [row] = await tx
    .select(importColumns)
    .from(tradebookImports)
    .where(and(eq(tradebookImports.id, id), eq(tradebookImports.userId, userId)))
    .for("update");
  return asRow(row as never);
}

/** The user's latest imports, newest first. */
export async function listTradebookImports(db: AppDatabase, userId: number, limit: number) {
  return db
    .select({
      id: tradebookImports.id,
      fileName: tradebookImports.fileName,
      format: tradebookImports.format,
      state: tradebookImports.state,
      rowCount: tradebookImports.rowCount,
      createdAt: tradebookImports.createdAt,
      committedAt: tradebookImports.committedAt,
    })
    .from(tradebookImports)
    .where(eq(tradebookImports.userId, userId))
    .orderBy(desc(tradebookImports.createdAt), desc(tradebookImports.id))
    .limit(limit);
}

/** Deletes the user's previews made before `cutoff` (committed imports stay: they are the record). */
export async function deleteStaleTradebookPreviews(db: AppDatabase, userId: number, cutoff: Date): Promise<void> {
  await db
    .delete(tradebookImports)
    .where(and(eq(tradebookImports.userId, userId), eq(tradebookImports.state, "previewed"), lt(tradebookImports.createdAt, cutoff)));
}

/** Deletes one of the user's previews; false when there is none (or it is committed). */
export async function deleteTradebookPreview(db: AppDatabase, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(tradebookImports)
    .where(and(eq(tradebookImports.id, id), eq(tradebookImports.userId, userId), eq(tradebookImports.state, "previewed")))
    .returning({ id: tradebookImports.id });
  return rows.length > 0;
}

const KEY_CHUNK = 1000;

/** Which of these broker trades ("EXCHANGE:tradeId") the user has already imported. */
export async function importedBrokerTradeKeys(db: AppDatabase, userId: number, fills: readonly Pick<TradebookFill, "exchange" | "tradeId">[]): Promise<Set<string>> {
  const found = new Set<string>();
  const ids = [...new Set(fills.map((f) => f.tradeId))];
  for (let i = 0; i < ids.length; i += KEY_CHUNK) {
    const rows = await db
      .select({ exchange: importedBrokerTrades.exchange, brokerTradeId: importedBrokerTrades.brokerTradeId })
      .from(importedBrokerTrades)
      .where(and(eq(importedBrokerTrades.userId, userId), inArray(importedBrokerTrades.brokerTradeId, ids.slice(i, i + KEY_CHUNK))));
    for (const r of rows) found.add(`${r.exchange}:${r.brokerTradeId}`);
  }
  return found;
}

/** A round trip as the journal stores it: the trades row and its exits (docs/decisions/167). */
export interface ImportedTradeValues {
  symbolId: number;
  tradeType: "BUY" | "SELL";
  quantity: number;
  buyPrice: number;
  sellPrice: number;
  open: boolean;
  tradeDateTime: Date;
  exitDateTime: Date | null;
  description: string;
  exits: { quantity: number; price: number; exitedAt: Date }[];
}

const INSERT_CHUNK = 500;

/**
 * Writes the round trips of an import for their owner (in the caller's transaction): the
 * trades, their exits, and the broker trade ids with the trade each went into. Returns the new
 * trades' ids in the order given.
 */
export async function insertImportedTrades(
  tx: AppDatabase,
  ownerId: number,
  importId: number,
  values: readonly ImportedTradeValues[],
  brokerTrades: readonly { exchange: string; brokerTradeId: string; trade: number }[],
  now = new Date(),
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK);
    const rows = await tx
      .insert(trades)
      .values(
        chunk.map((v) => ({
          userId: ownerId,
          symbolId: v.symbolId,
          tradeType: v.tradeType,
          quantity: v.quantity,
          buyPrice: v.buyPrice,
          sellPrice: v.sellPrice,
          description: v.description,
          tradeDateTime: v.tradeDateTime,
          exitDateTime: v.exitDateTime,
          status: v.open,
          tradebookImportId: importId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: trades.id });
    // Ids come from the sequence in the order of the VALUES list: ascending is the order given.
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  const exits = values.flatMap((v, i) => v.exits.map((e) => ({ tradeId: ids[i], quantity: e.quantity, price: e.price, exitedAt: e.exitedAt, createdAt: now })));
  for (let i = 0; i < exits.length; i += INSERT_CHUNK) await tx.insert(tradeExits).values(exits.slice(i, i + INSERT_CHUNK));
  const imported = brokerTrades.map((b) => ({ userId: ownerId, exchange: b.exchange, brokerTradeId: b.brokerTradeId, importId, tradeId: ids[b.trade], createdAt: now }));
  for (let i = 0; i < imported.length; i += INSERT_CHUNK) await tx.insert(importedBrokerTrades).values(imported.slice(i, i + INSERT_CHUNK));
  await refreshTradeCharges(tx, { tradeIds: ids });
  return ids;
}

/** Marks the import committed with its per-row report. */
export async function markTradebookImportCommitted(tx: AppDatabase, id: number, report: unknown, now = new Date()): Promise<void> {
  await tx.update(tradebookImports).set({ state: "committed", report, committedAt: now }).where(eq(tradebookImports.id, id));
}

/** An open trade of an earlier import, with the units its exits have not yet closed. */
export interface OpenImportedTrade {
  tradeId: number;
  symbolId: number;
  tradeType: "BUY" | "SELL";
  /** Its own side's price, as text with two decimals. */
  entryPrice: string;
  enteredAt: Date;
  openQuantity: number;
}

/**
 * The owner's open trades that an import created, on these symbols, locked for the caller's
 * transaction: what a later import's lots continue (docs/decisions/169). A trade entered by hand
 * is never touched by an import.
 */
export async function lockOpenImportedTrades(tx: AppDatabase, ownerId: number, symbolIds: readonly number[]): Promise<OpenImportedTrade[]> {
  if (symbolIds.length === 0) return [];
  const rows = await tx
    .select({
      tradeId: trades.id,
      symbolId: trades.symbolId,
      tradeType: trades.tradeType,
      entryPrice: sql<string>`(case when ${trades.tradeType} = 'BUY' then ${trades.buyPrice} else ${trades.sellPrice} end)::text`,
      enteredAt: trades.tradeDateTime,
      quantity: trades.quantity,
      exited: exitTotalsOfRow.exitedUnits,
    })
    .from(trades)
    .leftJoinLateral(exitTotalsOfRow, sql`true`)
    .where(
      and(
        eq(trades.userId, ownerId),
        eq(trades.status, true),
        inArray(trades.symbolId, [...symbolIds]),
        isNotNull(trades.tradebookImportId),
      ),
    )
    .orderBy(trades.tradeDateTime, trades.id)
    .for("update", { of: trades });
  return rows
    .map((r) => ({ tradeId: r.tradeId, symbolId: r.symbolId, tradeType: r.tradeType, entryPrice: r.entryPrice, enteredAt: r.enteredAt, openQuantity: r.quantity - Number(r.exited) }))
    .filter((r) => r.openQuantity > 0);
}

/**
 * Adds a later import's exits to open trades of earlier imports (in the caller's transaction):
 * the exits, the broker trade ids with the trade each went into, and, when the last units go, the
 * trade closed at its last exit's time with its closing side at the average of all its exits,
 * rounded to the paisa, as an import writes a closed round trip (docs/decisions/167).
 */
export async function continueImportedTrades(
  tx: AppDatabase,
  ownerId: number,
  importId: number,
  continued: readonly { tradeId: number; exits: { quantity: number; price: number; exitedAt: Date }[]; closes: boolean }[],
  brokerTrades: readonly { exchange: string; brokerTradeId: string; tradeId: number }[],
  now = new Date(),
): Promise<void> {
  if (continued.length === 0) return;
  const exits = continued.flatMap((c) => c.exits.map((e) => ({ tradeId: c.tradeId, quantity: e.quantity, price: e.price, exitedAt: e.exitedAt, createdAt: now })));
  for (let i = 0; i < exits.length; i += INSERT_CHUNK) await tx.insert(tradeExits).values(exits.slice(i, i + INSERT_CHUNK));
  const closed = continued.filter((c) => c.closes).map((c) => c.tradeId);
  const totals = closed.length
    ? await tx
        .select({ tradeId: tradeExits.tradeId, value: sql<string>`sum(${tradeExits.quantity} * ${tradeExits.price})::text`, lastAt: sql<string>`max(${tradeExits.exitedAt})` })
        .from(tradeExits)
        .where(inArray(tradeExits.tradeId, closed))
        .groupBy(tradeExits.tradeId)
    : [];
  for (const total of totals) {
    const closingPrice = sql`round(${total.value}::numeric / ${trades.quantity}, 2)`;
    await tx
      .update(trades)
      .set({
        status: false,
        exitDateTime: new Date(total.lastAt),
        sellPrice: sql`case when ${trades.tradeType} = 'BUY' then ${closingPrice} else ${trades.sellPrice} end`,
        buyPrice: sql`case when ${trades.tradeType} = 'SELL' then ${closingPrice} else ${trades.buyPrice} end`,
        updatedAt: now,
      })
      .where(and(eq(trades.id, total.tradeId), eq(trades.userId, ownerId)));
  }
  const imported = brokerTrades.map((b) => ({ userId: ownerId, exchange: b.exchange, brokerTradeId: b.brokerTradeId, importId, tradeId: b.tradeId, createdAt: now }));
  for (let i = 0; i < imported.length; i += INSERT_CHUNK) await tx.insert(importedBrokerTrades).values(imported.slice(i, i + INSERT_CHUNK));
  await refreshTradeCharges(tx, { tradeIds: continued.map((c) => c.tradeId) });
}
