// The user form's non-saving posts (no JavaScript): "Show symbols" and "Select All" re-render
// the form with what was typed (never the password) and the chosen sectors' symbols.
import { listSymbolsOfSectors } from "~/models/sector.server";
import type { AppDatabase } from "~/db/client.server";
import type { UserFormDefaults } from "~/components/admin/user-form";
import { isRecordId } from "~/domain/paging";

function ids(values: FormDataEntryValue[]): number[] {
  return [...new Set(values.map(Number).filter(isRecordId))];
}

export function formIntent(formData: FormData): "save" | "show-symbols" | "select-all" {
  const intent = formData.get("intent");
  return intent === "show-symbols" || intent === "select-all" ? intent : "save";
}

export async function previewUserForm(db: AppDatabase, formData: FormData, intent: "show-symbols" | "select-all"): Promise<UserFormDefaults> {
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

export function idsFromSearch(url: URL, name: string): number[] {
  return ids(url.searchParams.getAll(name));
}
