// The user form's lists and its non-saving posts. Without JavaScript "Show symbols" and
// "Select All" re-render the form with what was typed (never the password) and the chosen
// sectors' symbols; with JavaScript a fetcher asks for the symbols (listSectorSymbols).
import { listSymbolsOfSectors } from "~/models/sector.server";
import { loadUserFormOptions } from "~/models/user-admin.server";
import type { AppDatabase } from "~/db/client.server";
import type { UserFormDefaults } from "~/schemas/user-admin";
import { isRecordId } from "~/domain/paging";

function ids(values: FormDataEntryValue[]): number[] {
  return [...new Set(values.map(Number).filter(isRecordId))];
}

export function formIntent(formData: FormData): "save" | "show-symbols" | "select-all" {
  const intent = formData.get("intent");
  return intent === "show-symbols" || intent === "select-all" ? intent : "save";
}

/** What the form lists: active sectors, the checklist for the chosen sectors, and the chosen symbols' chips. */
export function userFormOptions(db: AppDatabase, sectorIds: readonly number[], symbolIds: readonly number[]) {
  return loadUserFormOptions(db, sectorIds, symbolIds);
}

/** The active symbols of the chosen sectors (all active ones when none is chosen). */
export function listSectorSymbols(db: AppDatabase, sectorIds: readonly number[]) {
  return listSymbolsOfSectors(db, sectorIds);
}

async function previewUserForm(db: AppDatabase, formData: FormData, intent: "show-symbols" | "select-all"): Promise<UserFormDefaults> {
  const sectorIds = ids(formData.getAll("sectorIds"));
  let symbolIds = ids(formData.getAll("symbolIds"));
  if (intent === "select-all") {
    const listed = await listSymbolsOfSectors(db, sectorIds);
    symbolIds = [...new Set([...symbolIds, ...listed.map((s) => s.id)])];
  }
  const text = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v : undefined;
  };
  return {
    roleId: text("roleId"),
    name: text("name"),
    username: text("username"),
    email: text("email"),
    status: formData.get("status") === "on",
    dateSubscribed: text("dateSubscribed"),
    dateExpired: text("dateExpired"),
    sectorIds,
    symbolIds,
  };
}

/** The form re-rendered after "Show symbols" or "Select All": what was typed, and the lists for it. */
export async function previewUserFormWithOptions(db: AppDatabase, formData: FormData, intent: "show-symbols" | "select-all") {
  const preview = await previewUserForm(db, formData, intent);
  return { preview, options: await loadUserFormOptions(db, preview.sectorIds, preview.symbolIds) };
}

export function idsFromSearch(url: URL, name: string): number[] {
  return ids(url.searchParams.getAll(name));
}
