// Small factories and requests for the market-data tests: symbols, multipart uploads, and a
// trigger that makes the database refuse a chosen row (a real failure inside a transaction).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { symbols } from "~/db/schema";
import { ORIGIN } from "./requests";

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.resolve(here, "../fixtures");
/** The shared folder of real NSE files, beside the project (absent on a developer's laptop). */
export const SHARED_DATA = path.resolve(here, "../../../shared/data");

export function fixture(relative: string): string {
  return readFileSync(path.join(FIXTURES, relative), "utf8");
}

let counter = 0;

export async function createSymbol(
  db: AppDatabase,
  code: string,
  overrides: Partial<{ status: boolean; segment: string; sectorId: number | null }> = {},
): Promise<{ id: number; symbolCode: string }> {
  const [row] = await db
    .insert(symbols)
    .values({ symbolCode: code, segment: overrides.segment ?? "NSE", status: overrides.status ?? true, sectorId: overrides.sectorId ?? null })
    .returning({ id: symbols.id, symbolCode: symbols.symbolCode });
  return row;
}

/** A code no other test uses (tests share one database per file). */
export function uniqueCode(prefix = "T"): string {
  counter += 1;
  return `${prefix}${counter}${Date.now().toString(36).toUpperCase()}`;
}

export interface UploadPart {
  name: string;
  content: BlobPart[] | Blob;
  fieldName?: string;
}

/** A real multipart POST, as a browser sends it (FormData with files). */
export function multipartRequest(
  pathAndQuery: string,
  { fields = {}, files = [] }: { fields?: Record<string, string>; files?: UploadPart[] },
  cookie?: string,
): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    const blob = f.content instanceof Blob ? f.content : new Blob(f.content, { type: "text/csv" });
    form.append(f.fieldName ?? "files", blob, f.name);
  }
  return new Request(ORIGIN + pathAndQuery, { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
}

/**
 * Makes the database raise an error for rows matching `condition` (SQL over NEW) on insert and
 * update of `table`. Returns a function that removes the trigger.
 */
export async function failWhen(db: AppDatabase, table: string, condition: string): Promise<() => Promise<void>> {
  counter += 1;
  const name = `test_fail_${counter}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        if ${condition} then raise exception 'forced test failure on %', '${table}'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw(`create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  };
}
