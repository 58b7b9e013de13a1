// The symbol catalogue (docs/product-rules.md R-AC2 Symbol List, R-AC7 Symbols): the list, create/edit with
// their checks (a known sector, a free code), the On/Off switch and the audio scripts. The
// /symbols pages and the JSON API (admin/symbol/*) call these, so each rule and message lives
// here once.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { turnedMessage } from "~/domain/status-messages";
import { findSector } from "~/models/sector.server";
import {
  createSymbol as insertSymbol,
  findSymbolForEdit,
  isSymbolCodeTaken,
  isUniqueViolation,
  listAudioScripts,
  listSymbolsPage,
  setSymbolStatus,
  updateSymbol as updateSymbolRow,
  type SymbolListRow,
  type SymbolWrite,
} from "~/models/symbol-admin.server";
import { listVisibleSymbols, type VisibleSymbol } from "~/models/symbol.server";
import { SYMBOL_CODE_TAKEN, type SymbolInput } from "~/schemas/catalogue";

export type { SymbolListRow, VisibleSymbol };

type Db = Pick<AppContext, "db">;

export const SYMBOL_CREATED = "Symbol created successfully";
export const SYMBOL_UPDATED = "Symbol updated successfully";
export const SELECT_KNOWN_SECTOR = "Please select a sector";

/** The Symbol List, newest first, optionally one sector's. */
export function listSymbols(context: Db, filter: { sectorId: number | null; page: number; pageSize: number }): Promise<{ rows: SymbolListRow[]; total: number }> {
  return listSymbolsPage(context.db, filter);
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

/** The Create/Edit Symbol checks after the form's schema: a sector that exists, a code no other symbol has. */
async function writeRefusal(context: Db, value: Pick<SymbolWrite, "sectorId" | "name">, exceptId?: number): Promise<Outcome<never> | null> {
  if (value.sectorId && !(await findSector(context.db, value.sectorId))) return refuse(SELECT_KNOWN_SECTOR, "sectorId");
  if (await isSymbolCodeTaken(context.db, value.name, exceptId)) return refuse(SYMBOL_CODE_TAKEN, "name");
  return null;
}

/** The unique index on upper(symbol_code) has the last word when two admins race for one code. */
async function orCodeTaken<T>(write: Promise<T>): Promise<Outcome<T>> {
  try {
    return succeed(await write);
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(SYMBOL_CODE_TAKEN, "name");
    throw error;
  }
}

/** A new symbol; its code is stored upper-case. */
export async function createSymbol(context: Db, input: SymbolWrite): Promise<Outcome<{ id: number; message: string }>> {
  const refused = await writeRefusal(context, input);
  if (refused) return refused;
  const created = await orCodeTaken(insertSymbol(context.db, input));
  return created.ok ? succeed({ id: created.value, message: SYMBOL_CREATED }) : created;
}

/** The Edit Symbol form's fields; status and segment are kept when not sent (the API's update). */
export type SymbolEdit = Omit<SymbolInput, "status" | "segment"> & Partial<Pick<SymbolInput, "status" | "segment">>;

export async function updateSymbol(context: Db, id: number, input: SymbolEdit): Promise<Outcome<{ message: string }>> {
  const current = await findSymbolForEdit(context.db, id);
  if (!current) return notFoundOutcome();
  const refused = await writeRefusal(context, input, id);
  if (refused) return refused;
  const saved = await orCodeTaken(updateSymbolRow(context.db, id, { ...input, segment: input.segment ?? current.segment, status: input.status ?? current.status }));
  if (!saved.ok) return saved;
  return saved.value ? succeed({ message: SYMBOL_UPDATED }) : notFoundOutcome();
}

/** The list's On/Off switch; the answer is the toast / API message. */
export async function switchSymbol(context: Db, id: number, on: boolean): Promise<Outcome<{ message: string }>> {
  if (!(await setSymbolStatus(context.db, id, on))) return notFoundOutcome();
  return succeed({ message: turnedMessage("Symbol", on) });
}
