// A list query of one model carried as one JSON column of another statement (docs/decisions/164):
// a page that needs several small reads of one thing (a chart's symbol and its points, levels and
// key events; the dashboard's banner and counts) pays one round trip, while each read stays
// written once, in its own model, as the query builder its own function awaits.
import { Column, is, SQL, sql } from "drizzle-orm";
import type { DriverValueDecoder, Subquery } from "drizzle-orm";

/** What embedRows needs of a drizzle select: its columns, and itself as a subquery. */
interface ListQuery<TRow> {
  as(alias: string): Subquery;
  _: { selectedFields: Record<string, unknown>; result: TRow[] };
}

export interface EmbeddedRows<TRow> {
  /** The query's rows as a JSON array of arrays, in the query's order. */
  sql: SQL<unknown>;
  /** The column's value back as the rows the query would have returned on its own. */
  decode(value: unknown): TRow[];
}

type WithDecoder = { decoder: DriverValueDecoder<unknown, unknown> };

/** A JSON cell back as the column's own driver mapping would give it (numbers, dates). */
function decodeCell(field: unknown, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (is(field, Column)) return field.mapFromDriverValue(value);
  // A raw field's mapWith() is kept on the SQL object, which drizzle does not type as public.
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder.mapFromDriverValue(value);
  if (is(field, SQL.Aliased)) return (field.sql as unknown as WithDecoder).decoder.mapFromDriverValue(value);
  return value;
}

/**
 * The rows of `query` as one value of the enclosing statement. Arrays rather than objects keep
 * the column names out of the JSON; the aggregate reads the subquery in its ORDER BY's order.
 */
export function embedRows<TRow>(query: ListQuery<TRow>, alias: string): EmbeddedRows<TRow> {
  const fields = Object.entries(query._.selectedFields);
  const rows = query.as(alias) as unknown as Subquery & Record<string, SQL>;
  const cells = sql.join(
    fields.map(([key]) => sql`${rows[key]}`),
    sql`, `,
  );
  return {
    sql: sql`(select coalesce(json_agg(json_build_array(${cells})), '[]'::json) from ${rows})`,
    decode: (value) =>
      ((typeof value === "string" ? JSON.parse(value) : value) as unknown[][]).map(
        (cellsOfRow) => Object.fromEntries(fields.map(([key, field], i) => [key, decodeCell(field, cellsOfRow[i])])) as TRow,
      ),
  };
}
