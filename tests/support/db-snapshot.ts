// Whole-database views for the matrix tests: the row count of every table (to prove a refused
// request wrote nothing) and the first id of every table plus the demo people (for sample URLs).
import { getTableName, isTable, sql } from "drizzle-orm";
import * as schema from "~/db/schema";
import type { AppDatabase } from "~/db/client.server";

export const TABLE_NAMES: readonly string[] = Object.values(schema)
  .filter((t) => isTable(t))
  .map((t) => getTableName(t as never));

type Rows<T> = { rows: T[] };

/** Every table's row count, in one query. */
export async function rowCounts(db: AppDatabase): Promise<Record<string, number>> {
  const query = sql.raw(`select json_build_object(${TABLE_NAMES.map((name) => `'${name}', (select count(*) from "${name}")`).join(", ")}) as counts`);
  const result = (await db.execute(query)) as unknown as Rows<{ counts: Record<string, number> }>;
  return result.rows[0].counts;
}

/** The smallest id of every table that has rows, and `admin` / `customer`: the demo accounts' ids. */
export async function sampleIds(db: AppDatabase): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const table of TABLE_NAMES) {
    const result = (await db.execute(sql.raw(`select min(id) as id from "${table}"`)).catch(() => null)) as Rows<{ id: number | null }> | null;
    const id = result?.rows?.[0]?.id;
    if (id) ids[table] = Number(id);
  }
  const people = (await db.execute(sql`select id, email from users where email in ('admin@example.com', 'customer@example.com')`)) as unknown as Rows<{ id: number; email: string }>;
  for (const row of people.rows) ids[row.email.startsWith("admin") ? "admin" : "customer"] = Number(row.id);
  return ids;
}
