// Driver choice by DATABASE_URL and migrations at start-up (same SQL on both drivers).
import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Logger } from "drizzle-orm/logger";
import { sql } from "drizzle-orm";
import * as schema from "./schema";

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * An open transaction. Drizzle's PgTransaction is a PgDatabase, so a model function that takes
 * an AppDatabase runs inside a transaction as it is, with no cast: pass the `tx`.
 */
export type AppTransaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: AppDatabase;
  driver: "pglite" | "pg";
  /** Answers true when the database takes a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_PGLITE_DIR = "./data/pglite";

/** drizzle/ beside the project root, found from this module whether run from source or dist/. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), "drizzle"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../drizzle"),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error("drizzle/ migrations folder not found");
  return found;
}

export interface OpenDatabaseOptions {
  /** Told of every statement drizzle sends (tests count a page's queries with it). */
  logger?: Logger;
}

export async function openDatabase(url: string | undefined, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  const dataDir = !url ? DEFAULT_PGLITE_DIR : url === "memory://" ? undefined : url.replace(/^file:\/\//, "");
  return openPglite(dataDir, options);
}

async function openPglite(dataDir: string | undefined, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema, logger: options.logger }) as unknown as AppDatabase;
  let closed = false;
  return {
    db,
    driver: "pglite",
    ping: async () => {
      if (closed) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.default.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // A lost connection must never crash the process (docs/decisions/114). The pool listens on
  // its idle clients only; a client checked out (a transaction) emits 'error' with nobody
  // listening, so every client gets a listener of its own when it connects. The query in
  // flight fails, the client is dropped on release and the pool opens a new one on demand.
  const report = connectionLossReporter("[db]");
  pool.on("error", report);
  pool.on("connect", (client) => client.on("error", report));
  const db = drizzle(pool, { schema, logger: options.logger }) as unknown as AppDatabase;
  return {
    db,
    driver: "pg",
    ping: async () => {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}

export async function isDatabaseEmpty(db: AppDatabase): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  const first = (rows as unknown as { rows?: { n: number }[] }).rows?.[0] ?? (rows as unknown as { n: number }[])[0];
  return Number(first?.n ?? 0) === 0;
}

/**
 * An 'error' listener that logs a lost connection once per outage (a burst of requests would
 * otherwise log one line per client), then again after a quiet minute.
 */
export function connectionLossReporter(prefix: string, log: (line: string) => void = (line) => console.error(line)) {
  let lastAt = 0;
  return (error: Error) => {
    const now = Date.now();
    if (now - lastAt > 60_000) log(`${prefix} connection lost: ${error.message}; reconnecting on the next query`);
    lastAt = now;
  };
}
