// Driver choice by DATABASE_URL and migrations at start-up (same SQL on both drivers).
import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Logger } from "drizzle-orm/logger";
import type { PoolConfig } from "pg";
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
  /** The database: embedded PGlite (in this process or its own) or PostgreSQL. */
  driver: "pglite" | "pg";
  /** How it is reached: node-postgres over the wire protocol, or PGlite in this process. */
  client: "node-postgres" | "in-process";
  /** The embedded database's own process, when it has one (the benches read its CPU and memory). */
  processId?: number;
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

/**
 * Where the embedded database runs: in a process of its own, reached over a Unix socket
 * (docs/decisions/163: its queries then leave the app's event loop, and its memory is its own), or
 * in the app's process.
 */
export type EmbeddedDatabaseMode = "process" | "in-process";

export interface OpenDatabaseOptions {
  /** Told of every statement drizzle sends (tests count a page's queries with it). */
  logger?: Logger;
  /** For the embedded database: a data folder defaults to its own process, memory:// (tests) to this one. */
  embedded?: EmbeddedDatabaseMode;
}

export async function openDatabase(url: string | undefined, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 }, "pg", options);
  const dataDir = !url ? DEFAULT_PGLITE_DIR : url === "memory://" ? undefined : url.replace(/^file:\/\//, "");
  const mode = options.embedded ?? (dataDir ? "process" : "in-process");
  return mode === "process" ? openEmbeddedProcess(dataDir, options) : openPglite(dataDir, options);
}

/** PGlite in its own process (embedded-postgres.server.ts), through node-postgres like PostgreSQL. */
async function openEmbeddedProcess(dataDir: string | undefined, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { startEmbeddedPostgres } = await import("./embedded-postgres.server");
  let handle: DatabaseHandle | null = null;
  const server = await startEmbeddedPostgres(dataDir, {
    onUnexpectedExit: (how) => console.error(`[db] the embedded database's process ended (${how}); every query fails until the app is restarted`),
  });
  try {
    handle = await openPostgres(
      {
        host: server.socketFolder,
        port: 5432,
        user: "postgres",
        database: "postgres",
        // PGlite runs one session: one connection, so a transaction is never interleaved with
        // another statement. It is kept open (no idle timeout), and a query waits its turn as
        // long as it takes, as it did with PGlite in this process.
        max: 1,
        idleTimeoutMillis: 0,
        connectionTimeoutMillis: 0,
      },
      "pglite",
      options,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  const pool = handle;
  return {
    ...pool,
    processId: server.process.pid,
    close: async () => {
      await pool.close();
      await server.stop();
    },
  };
}

async function openPglite(dataDir: string | undefined, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { embeddedStartParams } = await import("./embedded-settings");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { startParams: embeddedStartParams(PGlite.defaultStartParams) });
  await client.waitReady;
  const db = drizzle(client, { schema, logger: options.logger }) as unknown as AppDatabase;
  let closed = false;
  return {
    db,
    driver: "pglite",
    client: "in-process",
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

async function openPostgres(config: PoolConfig, driver: DatabaseHandle["driver"], options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.default.Pool(config);
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
    driver,
    client: "node-postgres",
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
  if (handle.client === "in-process") {
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
