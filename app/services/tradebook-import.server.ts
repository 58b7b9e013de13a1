// Broker tradebook import for the journal (docs/decisions/169): an upload is read and staged
// (nothing reaches the journal), its preview shows the round trips to be created, the broker
// trades already imported and the symbols the user cannot trade; Confirm writes the trades, their
// exits and the imported broker trade ids in one transaction, and the import keeps its per-row
// report. Each user sees and commits only their own imports.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { totalPnl } from "~/domain/pnl";
import {
  MAX_TRADEBOOK_BYTES,
  MAX_TRADEBOOK_MB,
  planTradebookImport,
  STALE_TRADEBOOK_HOURS,
  plannedTradeRow,
  realisedPnl,
  type CarriedTrade,
  type TradebookFill,
  type TradebookPlan,
  type TradebookRowError,
} from "~/domain/tradebook";
import type { DecimalText } from "~/domain/decimal";
import { databaseMessage } from "~/market/bhav-import.server";
import { MAX_LISTED_ROWS } from "~/market/import-report";
import { readTradebookFile } from "~/market/tradebook.server";
import { findTradableSymbols } from "~/models/trade.server";
import {
  deleteStaleTradebookPreviews,
  deleteTradebookPreview,
  findTradebookImport,
  importedBrokerTradeKeys,
  insertImportedTrades,
  insertTradebookImport,
  listTradebookImports,
  lockOpenImportedTrades,
  continueImportedTrades,
  lockTradebookImport,
  markTradebookImportCommitted,
  type ImportedTradeValues,
  type TradebookImportRow,
} from "~/models/tradebook-import.server";
import { readUpload } from "~/services/uploads.server";
import { TRADEBOOK_FIELD } from "~/schemas/tradebook-import";
import type { AppDatabase } from "~/db/client.server";

type Actor = Pick<SessionUser, "id" | "roleId">;

export const NO_TRADEBOOK_CHOSEN = "Please choose a tradebook file (.csv or .xlsx).";
export const ONE_TRADEBOOK_AT_A_TIME = "Please upload one tradebook at a time.";
export const TRADEBOOK_TOO_LARGE = `The file is too large: a tradebook is at most ${MAX_TRADEBOOK_MB} MB. Export a shorter period and upload each part.`;
export const TRADEBOOK_STAGED = "Check the preview, then Confirm the import.";
export const TRADEBOOK_ALREADY_IMPORTED = "This tradebook is already imported.";
export const TRADEBOOK_PREVIEW_EXPIRED = "This preview is more than a day old and was discarded: upload the file again.";
export const TRADEBOOK_DISCARDED = "The preview was discarded; nothing was imported.";
export const noRowReadable = (count: number, errors: readonly TradebookRowError[]) =>
  `None of the ${count} rows could be read, so nothing was kept. ${errors
    .slice(0, 3)
    .map((e) => `Line ${e.line}: ${e.message}.`)
    .join(" ")}`;
export const tradebookImported = (trades: number, skipped: number, continued = 0) =>
  `${trades} ${trades === 1 ? "trade" : "trades"} imported from the tradebook${continued ? `; exits added to ${continued} open ${continued === 1 ? "trade" : "trades"} of earlier imports` : ""}${skipped ? `; ${skipped} ${skipped === 1 ? "row" : "rows"} skipped` : ""}.`;
export const importRefused = (error: unknown) => `Nothing was imported: the database refused the data (${databaseMessage(error)}).`;

// ---------------------------------------------------------------- the view (plain data: it crosses the loader boundary)

export interface TradebookTradeView {
  /** 1-based, in the order the round trips were opened. */
  n: number;
  /** The journal trade's id, once committed. */
  tradeId: number | null;
  symbol: string;
  tradeType: "BUY" | "SELL";
  quantity: number;
  entryPrice: DecimalText;
  enteredAt: string;
  exits: { quantity: number; price: DecimalText; at: string }[];
  openQuantity: number;
  realisedPnl: DecimalText;
}

/** An open trade of an earlier import that this file exits. */
export interface TradebookContinuedView {
  tradeId: number;
  symbol: string;
  tradeType: "BUY" | "SELL";
  entryPrice: DecimalText;
  enteredAt: string;
  /** Units open before this import. */
  openBefore: number;
  /** This import's exits of it. */
  exits: { quantity: number; price: DecimalText; at: string }[];
  openQuantity: number;
  /** PNL of this import's exits. */
  realisedPnl: DecimalText;
}

export type TradebookRowView = {
  line: number;
  tradeId: string | null;
  symbol: string | null;
  side: "BUY" | "SELL" | null;
  quantity: number | null;
  price: DecimalText | null;
  outcome: string;
  kind: "trade" | "continued" | "duplicate" | "unknown-symbol" | "error";
};

export interface TradebookImportView {
  id: number;
  fileName: string;
  format: string;
  state: "previewed" | "committed";
  createdAt: string;
  committedAt: string | null;
  counts: { rows: number; trades: number; openTrades: number; continued: number; duplicates: number; unknown: number; errors: number };
  /** Of the new round trips and of this import's exits of earlier trades. */
  realisedPnl: DecimalText;
  trades: TradebookTradeView[];
  continued: TradebookContinuedView[];
  unknownSymbols: { symbol: string; rows: number }[];
  /** Every row's fate, in line order (at most MAX_LISTED_ROWS listed; the counts stay exact). */
  rows: TradebookRowView[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function rowOutcomeText(
  kind: TradebookRowView["kind"],
  detail: { trade?: TradebookTradeView; continued?: TradebookContinuedView; also?: TradebookTradeView[]; symbol?: string; message?: string },
  committed: boolean,
): string {
  const also = (detail.also ?? []).map((t) => (committed ? `; also trade #${t.tradeId}` : `; also round trip ${t.n} (${t.tradeType} ${t.symbol})`)).join("");
  if (kind === "duplicate") return "Skipped: already imported";
  if (kind === "continued") {
    const c = detail.continued as TradebookContinuedView;
    return (committed ? `Added to trade #${c.tradeId} as an exit` : `Exit of open trade #${c.tradeId} (${c.tradeType} ${c.symbol})`) + also;
  }
  if (kind === "unknown-symbol") return `Skipped: ${detail.symbol} is not a symbol you can trade here`;
  if (kind === "error") return `Error: ${detail.message}`;
  const t = detail.trade as TradebookTradeView;
  return (committed ? `Imported into trade #${t.tradeId}` : `Round trip ${t.n} (${t.tradeType} ${t.symbol})`) + also;
}

function buildView(row: TradebookImportRow, plan: TradebookPlan, tradeIds: number[] | null): TradebookImportView {
  const committed = tradeIds !== null;
  const trades: TradebookTradeView[] = plan.trades.map((t, i) => ({
    n: i + 1,
    tradeId: tradeIds ? tradeIds[i] : null,
    symbol: t.symbol,
    tradeType: t.tradeType,
    quantity: t.quantity,
    entryPrice: t.entryPrice,
    enteredAt: iso(t.enteredAt),
    exits: t.exits.map((e) => ({ quantity: e.quantity, price: e.price, at: iso(e.at) })),
    openQuantity: t.openQuantity,
    realisedPnl: realisedPnl(t),
  }));
  const continued: TradebookContinuedView[] = plan.continued.map((t) => ({
    tradeId: t.continues?.tradeId as number,
    symbol: t.symbol,
    tradeType: t.tradeType,
    entryPrice: t.entryPrice,
    enteredAt: iso(t.enteredAt),
    openBefore: t.continues?.openBefore as number,
    exits: t.exits.map((e) => ({ quantity: e.quantity, price: e.price, at: iso(e.at) })),
    openQuantity: t.openQuantity,
    realisedPnl: realisedPnl(t),
  }));
  const fillByLine = new Map(row.fills.map((f) => [f.line, f]));
  const rows: TradebookRowView[] = plan.rows.slice(0, MAX_LISTED_ROWS).map((r) => {
    const fill = fillByLine.get(r.line);
    const also = r.kind === "trade" || r.kind === "continued" ? (r.alsoTrades ?? []).map((i) => trades[i]) : [];
    const detail = r.kind === "trade" ? { trade: trades[r.trade], also } : r.kind === "continued" ? { continued: continued[r.continued], also } : r.kind === "unknown-symbol" ? { symbol: r.symbol } : r.kind === "error" ? { message: r.message } : {};
    return {
      line: r.line,
      tradeId: fill?.tradeId ?? null,
      symbol: fill?.symbol ?? null,
      side: fill?.side ?? null,
      quantity: fill?.quantity ?? null,
      price: fill?.price ?? null,
      kind: r.kind,
      outcome: rowOutcomeText(r.kind, detail, committed),
    };
  });
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    state: committed ? "committed" : "previewed",
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
    counts: {
      rows: row.rowCount,
      trades: trades.length,
      openTrades: trades.filter((t) => t.openQuantity > 0).length,
      continued: continued.length,
      duplicates: plan.duplicates.length,
      unknown: plan.unknownSymbols.reduce((sum, u) => sum + u.lines.length, 0),
      errors: plan.errors.length,
    },
    realisedPnl: totalPnl([...trades, ...continued].map((t) => t.realisedPnl)),
    trades: trades.slice(0, MAX_LISTED_ROWS),
    continued: continued.slice(0, MAX_LISTED_ROWS),
    unknownSymbols: plan.unknownSymbols.map((u) => ({ symbol: u.symbol, rows: u.lines.length })),
    rows,
  };
}

/** The plan of a staged import as the database stands now: which symbols the user may trade, which broker trades are already in. */
async function planFor(db: AppDatabase, user: Actor, fills: readonly TradebookFill[], errors: readonly TradebookRowError[]): Promise<{ plan: TradebookPlan; symbolIds: Map<string, number> }> {
  const [symbolIds, imported] = await Promise.all([
    findTradableSymbols(db, user, fills.map((f) => f.symbol)),
    importedBrokerTradeKeys(db, user.id, fills),
  ]);
  // Open trades of earlier imports continue FIFO into this file (docs/decisions/169).
  const codeOf = new Map([...symbolIds].map(([code, id]) => [id, code]));
  const carried: CarriedTrade[] = (await lockOpenImportedTrades(db, user.id, [...symbolIds.values()])).map((t) => ({
    tradeId: t.tradeId,
    symbol: codeOf.get(t.symbolId) as string,
    tradeType: t.tradeType,
    entryPrice: t.entryPrice,
    enteredAt: t.enteredAt.getTime(),
    openQuantity: t.openQuantity,
  }));
  const plan = planTradebookImport(fills, errors, { isTradable: (s) => symbolIds.has(s), isImported: (key) => imported.has(key) }, carried);
  return { plan, symbolIds };
}

const staleCutoff = (now: Date) => new Date(now.getTime() - STALE_TRADEBOOK_HOURS * 3600 * 1000);

// ---------------------------------------------------------------- upload → preview

/**
 * Reads an uploaded tradebook (one file, CSV or Excel) and stages it for its preview: the id of
 * the staged import, or why nothing was kept (413 for a file too large, else 400).
 */
export async function stageTradebookUpload(context: Pick<AppContext, "db">, user: Actor, request: Request): Promise<Outcome<{ id: number }>> {
  const upload = await readUpload(request, { binary: true, fileField: TRADEBOOK_FIELD, maxFiles: 2, maxFileBytes: MAX_TRADEBOOK_BYTES, maxTotalBytes: 2 * MAX_TRADEBOOK_BYTES });
  if (upload.problem) return refuse(upload.problem, TRADEBOOK_FIELD);
  if (upload.files.length === 0) return refuse(NO_TRADEBOOK_CHOSEN, TRADEBOOK_FIELD);
  if (upload.files.length > 1) return refuse(ONE_TRADEBOOK_AT_A_TIME, TRADEBOOK_FIELD);
  const [file] = upload.files;
  // The route answers this one 413.
  if (file.size > MAX_TRADEBOOK_BYTES) return refuse(TRADEBOOK_TOO_LARGE, TRADEBOOK_FIELD);
  if (file.problem || !file.bytes) return refuse(file.problem ?? NO_TRADEBOOK_CHOSEN, TRADEBOOK_FIELD);
  const result = await readTradebookFile({ name: file.name, bytes: file.bytes });
  if (!result.ok) return refuse(result.problem, TRADEBOOK_FIELD);
  const { read } = result;
  if (read.fills.length === 0) return refuse(noRowReadable(read.rowCount, read.errors), TRADEBOOK_FIELD);
  await deleteStaleTradebookPreviews(context.db, user.id, staleCutoff(new Date()));
  const id = await insertTradebookImport(context.db, {
    userId: user.id,
    fileName: file.name.slice(0, 200),
    format: read.format,
    rowCount: read.rowCount,
    fills: read.fills,
    // A bad value is quoted in its message: cut, as the uploads' reports are.
    errors: read.errors.map((e) => ({ line: e.line, message: e.message.slice(0, 300) })),
  });
  return succeed({ id });
}

/** The user's import: a preview planned against the journal as it stands, or a committed import's report. */
export async function loadTradebookImport(context: Pick<AppContext, "db">, user: Actor, id: number | null): Promise<TradebookImportView | null> {
  if (!id) return null;
  const row = await findTradebookImport(context.db, user.id, id);
  if (!row) return null;
  if (row.state === "committed") {
    // Reports kept before imports continued earlier trades have no such part.
    const report = row.report as TradebookImportView;
    return { ...report, continued: report.continued ?? [], counts: { ...report.counts, continued: report.counts.continued ?? 0 } };
  }
  if (row.createdAt < staleCutoff(new Date())) return null;
  const { plan } = await planFor(context.db, user, row.fills, row.errors);
  return buildView(row, plan, null);
}

/** The user's latest imports (stale previews are deleted first). */
export async function listRecentTradebookImports(context: Pick<AppContext, "db">, user: Actor) {
  await deleteStaleTradebookPreviews(context.db, user.id, staleCutoff(new Date()));
  const rows = await listTradebookImports(context.db, user.id, 10);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), committedAt: r.committedAt?.toISOString() ?? null }));
}

// ---------------------------------------------------------------- confirm, discard

const description = (fileName: string, orderId: string) => `Imported from tradebook ${fileName} (order ${orderId})`.slice(0, 1000);

/**
 * Confirm: plans the staged fills again inside the transaction (so a broker trade imported since
 * the preview is skipped, never doubled) and writes every round trip, its exits and the broker
 * trade ids at once; a failure anywhere leaves nothing and the preview can be confirmed again.
 */
export async function commitTradebookImport(context: Pick<AppContext, "db">, user: Actor, id: number | null): Promise<Outcome<{ message: string; view: TradebookImportView }>> {
  if (!id) return notFoundOutcome();
  const now = new Date();
  try {
    const outcome = await context.db.transaction(async (tx): Promise<Outcome<{ message: string; view: TradebookImportView }> | "stale"> => {
      const row = await lockTradebookImport(tx, user.id, id);
      if (!row) return notFoundOutcome();
      if (row.state === "committed") return refuse(TRADEBOOK_ALREADY_IMPORTED, undefined, 409);
      if (row.createdAt < staleCutoff(now)) return "stale";
      const { plan, symbolIds } = await planFor(tx, user, row.fills, row.errors);
      const values: ImportedTradeValues[] = plan.trades.map((t) => {
        const r = plannedTradeRow(t);
        return {
          symbolId: symbolIds.get(t.symbol) as number,
          tradeType: r.tradeType,
          quantity: r.quantity,
          buyPrice: Number(r.buyPrice),
          sellPrice: Number(r.sellPrice),
          open: r.open,
          tradeDateTime: new Date(r.tradeDateTime),
          exitDateTime: r.exitDateTime === null ? null : new Date(r.exitDateTime),
          description: description(row.fileName, t.entryOrderId),
          exits: t.exits.map((e) => ({ quantity: e.quantity, price: Number(e.price), exitedAt: new Date(e.at) })),
        };
      });
      const fillByLine = new Map(row.fills.map((f) => [f.line, f]));
      const brokerTrades = plan.rows.flatMap((r) => {
        const fill = r.kind === "trade" ? fillByLine.get(r.line) : undefined;
        return fill && r.kind === "trade" ? [{ exchange: fill.exchange, brokerTradeId: fill.tradeId, trade: r.trade }] : [];
      });
      const tradeIds = await insertImportedTrades(tx, user.id, row.id, values, brokerTrades, now);
      await continueImportedTrades(
        tx,
        user.id,
        row.id,
        plan.continued.map((t) => ({
          tradeId: t.continues?.tradeId as number,
          exits: t.exits.map((e) => ({ quantity: e.quantity, price: Number(e.price), exitedAt: new Date(e.at) })),
          closes: t.openQuantity === 0,
        })),
        plan.rows.flatMap((r) => {
          const fill = r.kind === "continued" ? fillByLine.get(r.line) : undefined;
          return fill && r.kind === "continued" ? [{ exchange: fill.exchange, brokerTradeId: fill.tradeId, tradeId: plan.continued[r.continued].continues?.tradeId as number }] : [];
        }),
        now,
      );
      const view = buildView({ ...row, committedAt: now }, plan, tradeIds);
      await markTradebookImportCommitted(tx, row.id, view, now);
      const skipped = view.counts.duplicates + view.counts.unknown + view.counts.errors;
      return succeed({ message: tradebookImported(tradeIds.length, skipped, view.counts.continued), view });
    });
    if (outcome === "stale") {
      await deleteTradebookPreview(context.db, user.id, id);
      return refuse(TRADEBOOK_PREVIEW_EXPIRED, undefined, 409);
    }
    return outcome;
  } catch (error) {
    console.error("[tradebook-import] nothing imported:", databaseMessage(error));
    return refuse(importRefused(error), undefined, 500);
  }
}

/** Discard: deletes one of the user's previews (a committed import is the record: not found). */
export async function discardTradebookImport(context: Pick<AppContext, "db">, user: Actor, id: number | null): Promise<Outcome<{ message: string }>> {
  if (!id || !(await deleteTradebookPreview(context.db, user.id, id))) return notFoundOutcome();
  return succeed({ message: TRADEBOOK_DISCARDED });
}
