// The sector catalogue (docs/product-rules.md R-AC2 Sector List, R-AC7 Sectors): the list, the pickers'
// choices, create/edit with the name check, and the On/Off switch. The /sectore pages and the
// JSON API (admin/sector/*) call these, so each rule and message lives here once.
import type { AppContext } from "~/config/context";
import { inclusiveDateRange } from "~/domain/dates";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { turnedMessage } from "~/domain/status-messages";
import { pickKeys } from "~/domain/audit";
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import {
  createSector as insertSector,
  findSector as findSectorRow,
  isSectorNameTaken,
  listSectorChoices as selectSectorChoices,
  listSectorRows,
  listSectorGaugePoints,
  listSectorsPage,
  listSymbolsOfSectors,
  setSectorStatus,
  streamSectorList,
  updateSector as updateSectorRow,
  type SectorRow,
  type SymbolChoice,
} from "~/models/sector.server";
import { SECTOR_NAME_TAKEN } from "~/schemas/catalogue";
import type { SectorSort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import type { ListExportFormat } from "~/schemas/user-admin";
import { SECTOR_LIST_EXPORT_COLUMNS } from "~/services/reports/columns";
import { todaysListDownload } from "~/services/reports/download.server";

export type { SectorRow, SymbolChoice };

type Db = Pick<AppContext, "db">;

export interface SectorWrite {
  name: string;
  description: string;
}

export interface SectorChoice {
  id: number;
  sectorName: string;
}

export const SECTOR_CREATED = "Sector created successfully";
export const SECTOR_UPDATED = "Sector updated successfully";

/** The Sector List: its names searched, in the chosen order (newest first unless asked), one page. */
export function listSectors(context: Db, query: ListOrder<SectorSort> & { page: number; pageSize: number }): Promise<{ rows: SectorRow[]; total: number }> {
  return listSectorsPage(context.db, query);
}

/** The Sector List as a CSV or Excel download: every row of its search, in its order. */
export function sectorListDownload(context: Db, filter: ListOrder<SectorSort>, format: ListExportFormat): Response {
  return todaysListDownload("sectors", { sheetName: "Sectors", columns: SECTOR_LIST_EXPORT_COLUMNS, rows: streamSectorList(context.db, filter) }, format);
}

/** Sectors for selects and filters, by name: every sector, or only the active ones. */
export function listSectorChoices(context: Db, onlyActive = false): Promise<SectorChoice[]> {
  return selectSectorChoices(context.db, onlyActive);
}

/** The documents' Sector rows (id, sector_name, description, status, dates), by name: every sector or the active ones. */
export function listSectorsByName(context: Db, onlyActive = false): Promise<SectorRow[]> {
  return listSectorRows(context.db, onlyActive);
}

export function findSector(context: Db, id: number): Promise<SectorRow | null> {
  return findSectorRow(context.db, id);
}

/** Active symbols of the chosen sectors; none chosen: every active symbol (the user form). */
export function listActiveSymbolsOfSectors(context: Db, sectorIds: readonly number[]): Promise<SymbolChoice[]> {
  return listSymbolsOfSectors(context.db, sectorIds);
}

async function nameRefusal(context: Db, name: string, exceptId?: number): Promise<Outcome<never> | null> {
  return (await isSectorNameTaken(context.db, name, exceptId)) ? refuse(SECTOR_NAME_TAKEN, "name") : null;
}

/** A new sector; its name is unique in any case. */
export async function createSector(context: Db, actor: AuditActor, input: SectorWrite): Promise<Outcome<{ id: number; message: string }>> {
  const taken = await nameRefusal(context, input.name);
  if (taken) return taken;
  const id = await context.db.transaction(async (tx) => {
    const created = await insertSector(tx, input);
    await recordAudit(tx, [{ actor, action: "create", entity: "sector", entityId: created, after: input }]);
    return created;
  });
  return succeed({ id, message: SECTOR_CREATED });
}

/** Renames or re-describes a sector; its status is kept unless the edit form sends its switch. */
export async function updateSector(context: Db, actor: AuditActor, id: number, input: SectorWrite & { status?: boolean }): Promise<Outcome<{ message: string }>> {
  const current = await findSectorRow(context.db, id);
  if (!current) return notFoundOutcome();
  const taken = await nameRefusal(context, input.name, id);
  if (taken) return taken;
  const next = { ...input, status: input.status ?? current.status };
  const saved = await context.db.transaction(async (tx) => {
    if (!(await updateSectorRow(tx, id, next))) return false;
    await recordAudit(tx, [{ actor, action: "update", entity: "sector", entityId: id, before: pickKeys({ ...current, name: current.sectorName }, Object.keys(next)), after: next }]);
    return true;
  });
  if (!saved) return notFoundOutcome();
  return succeed({ message: SECTOR_UPDATED });
}

/** The list's On/Off switch; the answer is the toast / API message. */
export async function switchSector(context: Db, actor: AuditActor, id: number, on: boolean): Promise<Outcome<{ message: string }>> {
  const switched = await context.db.transaction(async (tx) => {
    const current = await findSectorRow(tx, id);
    if (!current || !(await setSectorStatus(tx, id, on))) return false;
    await recordAudit(tx, [{ actor, action: "switch", entity: "sector", entityId: id, before: { sectorName: current.sectorName, status: current.status }, after: { status: on } }]);
    return true;
  });
  if (!switched) return notFoundOutcome();
  return succeed({ message: turnedMessage("Sector", on) });
}

/** A sector's stored gauge percentages over one IST day (any sector, active or not). */
export async function sectorGaugeOfDay(context: Db, sectorId: number, day: string): Promise<Outcome<{ ts: Date; percentage: number }[]>> {
  if (!(await findSectorRow(context.db, sectorId))) return notFoundOutcome();
  const { from, to } = inclusiveDateRange(day, day);
  return succeed(await listSectorGaugePoints(context.db, sectorId, from, to));
}
