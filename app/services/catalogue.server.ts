// The symbol catalogue (docs/product-rules.md R-AC2 Symbol List, R-AC7 Symbols): the list, create/edit with
// their checks (a known sector, a free code), the On/Off switch and the audio scripts. The
// /symbols pages and the JSON API (admin/symbol/*) call these, so each rule and message lives
// here once.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { turnedMessage } from "~/domain/status-messages";
import { pickKeys } from "~/domain/audit";
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import { findSectorForShare, listSectorsWithStatus } from "~/models/sector.server";
import {
  createSymbol as insertSymbol,
  findSymbolForEdit,
  isSymbolCodeTaken,
  isUniqueViolation,
  listAudioScripts,
  listSymbolsPage,
  setSymbolStatus,
  streamSymbolList,
  updateSymbol as updateSymbolRow,
  type SymbolListFilter,
  type SymbolListRow,
  type SymbolWrite,
} from "~/models/symbol-admin.server";
import { listVisibleSymbols, type VisibleSymbol } from "~/models/symbol.server";
import { SYMBOL_CODE_TAKEN, type SymbolInput } from "~/schemas/catalogue";
import type { ListExportFormat } from "~/schemas/user-admin";
import { SYMBOL_LIST_EXPORT_COLUMNS } from "~/services/reports/columns";
import { todaysListDownload } from "~/services/reports/download.server";

export type { SymbolListRow, VisibleSymbol };

type Db = Pick<AppContext, "db">;

export const SYMBOL_CREATED = "Symbol created successfully";
export const SYMBOL_UPDATED = "Symbol updated successfully";
export const SELECT_KNOWN_SECTOR = "Please select a sector";

/** A symbol cannot be put into a sector that is switched off (docs/decisions/145). */
export function sectorSwitchedOffMessage(sectorName: string): string {
  return `The sector ${sectorName} is switched off: choose an active sector`;
}

/** A sector the symbol form offers; `active` false only for the symbol's own sector, switched off since. */
export interface SymbolFormSector {
  id: number;
  sectorName: string;
  active: boolean;
}

/**
 * The symbol form's sectors: the active ones, and the symbol's own sector when it has been
 * switched off since (shown, marked, so an edit neither hides nor silently changes it).
 */
export async function listSymbolFormSectors(context: Db, ownSectorId: number | null = null): Promise<SymbolFormSector[]> {
  const all = await listSectorsWithStatus(context.db);
  return all.filter((s) => s.status || s.id === ownSectorId).map((s) => ({ id: s.id, sectorName: s.sectorName, active: s.status }));
}

/** The Symbol List: one sector or all, its codes and descriptions searched, in the chosen order, one page. */
export function listSymbols(context: Db, query: SymbolListFilter & { page: number; pageSize: number }): Promise<{ rows: SymbolListRow[]; total: number }> {
  return listSymbolsPage(context.db, query);
}

/** The Symbol List as a CSV or Excel download: every row of its filter, in its order. */
export function symbolListDownload(context: Db, filter: SymbolListFilter, format: ListExportFormat): Response {
  return todaysListDownload("symbols", { sheetName: "Symbols", columns: SYMBOL_LIST_EXPORT_COLUMNS, rows: streamSymbolList(context.db, filter) }, format);
}

/** The active symbols the user may see (a customer: its subscription). */
export function listSymbolsVisibleTo(context: Db, user: Pick<SessionUser, "id" | "roleId">): Promise<VisibleSymbol[]> {
  return listVisibleSymbols(context.db, user);
}

export function findSymbol(context: Db, id: number): Promise<SymbolListRow | null> {
  return findSymbolForEdit(context.db, id);
}

/** Every symbol's audio script, read aloud by speech alerts. */
export function listSymbolAudioScripts(context: Db): Promise<{ symbolCode: string; audioScript: string }[]> {
  return listAudioScripts(context.db);
}

/**
 * The Create/Edit Symbol checks after the form's schema: a sector that exists and is switched on
 * (a symbol already in a switched-off sector may stay there), a code no other symbol has. Run
 * inside the write's transaction: the sector is read with a share lock.
 */
async function writeRefusal(db: Db["db"], value: Pick<SymbolWrite, "sectorId" | "name">, current?: { id: number; sectorId: number | null }): Promise<Outcome<never> | null> {
  if (value.sectorId) {
    const sector = await findSectorForShare(db, value.sectorId);
    if (!sector) return refuse(SELECT_KNOWN_SECTOR, "sectorId");
    if (!sector.status && sector.id !== current?.sectorId) return refuse(sectorSwitchedOffMessage(sector.sectorName), "sectorId");
  }
  if (await isSymbolCodeTaken(db, value.name, current?.id)) return refuse(SYMBOL_CODE_TAKEN, "name");
  return null;
}

/** The unique index on upper(symbol_code) has the last word when two admins race for one code. */
async function orCodeTaken<T>(write: Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(SYMBOL_CODE_TAKEN, "name");
    throw error;
  }
}

/** A new symbol; its code is stored upper-case. */
export async function createSymbol(context: Db, actor: AuditActor, input: SymbolWrite): Promise<Outcome<{ id: number; message: string }>> {
  return orCodeTaken(
    context.db.transaction(async (tx) => {
      const refused = await writeRefusal(tx, input);
      if (refused) return refused;
      const id = await insertSymbol(tx, input);
      await recordAudit(tx, [{ actor, action: "create", entity: "symbol", entityId: id, after: input }]);
      return succeed({ id, message: SYMBOL_CREATED });
    }),
  );
}

/** The Edit Symbol form's fields; status and segment are kept when not sent (the API's update). */
export type SymbolEdit = Omit<SymbolInput, "status" | "segment"> & Partial<Pick<SymbolInput, "status" | "segment">>;

export async function updateSymbol(context: Db, actor: AuditActor, id: number, input: SymbolEdit): Promise<Outcome<{ message: string }>> {
  return orCodeTaken(
    context.db.transaction(async (tx) => {
      const current = await findSymbolForEdit(tx, id);
      if (!current) return notFoundOutcome();
      const refused = await writeRefusal(tx, input, { id, sectorId: current.sectorId });
      if (refused) return refused;
      const next = { ...input, segment: input.segment ?? current.segment, status: input.status ?? current.status };
      if (!(await updateSymbolRow(tx, id, next))) return notFoundOutcome();
      await recordAudit(tx, [{ actor, action: "update", entity: "symbol", entityId: id, before: pickKeys({ ...current, name: current.symbolCode }, Object.keys(next)), after: next }]);
      return succeed({ message: SYMBOL_UPDATED });
    }),
  );
}

/** The list's On/Off switch; the answer is the toast / API message. */
export async function switchSymbol(context: Db, actor: AuditActor, id: number, on: boolean): Promise<Outcome<{ message: string }>> {
  const switched = await context.db.transaction(async (tx) => {
    const current = await findSymbolForEdit(tx, id);
    if (!current || !(await setSymbolStatus(tx, id, on))) return false;
    await recordAudit(tx, [{ actor, action: "switch", entity: "symbol", entityId: id, before: { symbolCode: current.symbolCode, status: current.status }, after: { status: on } }]);
    return true;
  });
  if (!switched) return notFoundOutcome();
  return succeed({ message: turnedMessage("Symbol", on) });
}
