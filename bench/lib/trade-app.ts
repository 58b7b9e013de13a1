// For bench server children (bench/trades, bench/pages): the app's real services
// (buildServices, no market feed) on a fresh database — a PostgreSQL database of its own, created
// and dropped, or in-memory PGlite — holding 100,000 trades, and a signed-in role-1 admin.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "@remix-run/node";
import { parseEnv, type Env } from "~/config/env.server";
import { buildServices, type BuiltServices } from "~/server/build-services.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createScratchDatabase } from "../../tests/support/scratch-database";
import { sleep } from "./child";

export type BenchDatabaseKind = "postgres" | "pglite";

export const TRADE_COUNT = 100_000;
export const TRADE_USERS = 200;
export const TRADE_SYMBOLS = 50;
const SECTORS = 10;

export interface TradeApp extends BuiltServices {
  env: Env;
  /** Not listening yet: the hub is attached to it; the bench adds its request listener. */
  httpServer: http.Server;
  admin: { id: number; roleId: 1 };
  /** The admin's session id: the cookie's value, and a Bearer token for the JSON API. */
  sessionId: string;
  /** `name=value` of the admin's session cookie. */
  cookie: string;
  close(): Promise<void>;
}

/**
 * Opens the app on a fresh database and loads it: 10 sectors, 50 symbols (BT001…, reference
 * price 1,000 + n), the admin (user 1, two-factor on, as production requires of role 1, so
 * its pages are not the enrolment page), 200 traders, and 100,000 trades, one every 25 s back
 * from now (about 29 days), one in five open (`options.trades` sets how many). `extraSql` runs
 * after the trades and before `analyze`. PGlite is in memory, in this process, unless
 * `options.pgliteAsNpmStart`: then it is a data folder in a temp dir, in a process of its own,
 * as `npm start` runs it (docs/decisions/163).
 */
export async function openTradeApp(
  kind: BenchDatabaseKind,
  prefix: string,
  extraSql: readonly string[] = [],
  options: { trades?: number; pgliteAsNpmStart?: boolean } = {},
): Promise<TradeApp> {
  const scratch = kind === "postgres" ? await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", prefix) : null;
  const dataFolder = kind === "pglite" && options.pgliteAsNpmStart ? fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`)) : null;
  const env = parseEnv({
    NODE_ENV: "production",
    DATABASE_URL: scratch ? scratch.url : (dataFolder ?? "memory://"),
    SESSION_SECRET: "bench-secret-0123456789abcdef0123",
    SEED_DEMO: "0",
  });
  const httpServer = http.createServer();
  const built = await buildServices(env, { httpServer, log: () => {} });
  const db = built.services.db;
  const statements = [
    `insert into sectors (sector_name) select 'BENCH SECTOR ' || g from generate_series(1, ${SECTORS}) g`,
    `insert into symbols (symbol_code, sector_id, reference_price)
       select 'BT' || lpad(g::text, 3, '0'), 1 + g % ${SECTORS}, 1000 + g from generate_series(1, ${TRADE_SYMBOLS}) g`,
    `insert into users (name, username, email, password_hash, role_id, totp_enabled_at)
       values ('Bench Admin', 'benchadmin', 'benchadmin@example.test', 'x', 1, now())`,
    `insert into users (name, username, email, password_hash, role_id)
       select 'Trader ' || g, 'trader' || g, 'trader' || g || '@example.test', 'x', 3 + g % 2 from generate_series(1, ${TRADE_USERS}) g`,
    `insert into trades (user_id, symbol_id, trade_type, quantity, buy_price, sell_price, target_price, sl_price,
                         description, reason_to_trade, trade_date_time, exit_date_time, status, is_verified)
       select 2 + g % ${TRADE_USERS}, 1 + g % ${TRADE_SYMBOLS}, (case when g % 2 = 0 then 'BUY' else 'SELL' end)::trade_type,
              1 + g % 10, 1000 + g % 97, 1010 + g % 89, 1050, 990, 'bench', 'bench',
              now() - g * interval '25 seconds',
              case when g % 5 = 0 then null else now() - g * interval '25 seconds' + interval '10 minutes' end,
              g % 5 = 0, g % 3 = 0
       from generate_series(1, ${options.trades ?? TRADE_COUNT}) g`,
    ...extraSql,
    `analyze`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  const admin = { id: 1, roleId: 1 as const };
  const session = await createAuthSession(db, admin.id);
  const cookie = (await built.services.cookies.session.serialize(session.id)).split(";")[0];
  return {
    ...built,
    env,
    httpServer,
    admin,
    sessionId: session.id,
    cookie,
    close: async () => {
      await built.services.hub.close();
      await built.closeExtras();
      await built.database.close();
      // pg's pool.end() resolves before its connections have closed; dropping the database
      // (WITH FORCE) at once would cut them and log "[db] connection lost".
      if (scratch) await sleep(300);
      await scratch?.drop();
      if (dataFolder) fs.rmSync(dataFolder, { recursive: true, force: true });
    },
  };
}

/** The built Remix app (build/index.js: run `npm run build` first). */
export async function importAppBuild(file = "build/index.js"): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve(file)).href)) as ServerBuild;
}

/** This process's CPU time (user + system) in microseconds. */
export function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** Another process's CPU time (user + system) in microseconds, from /proc (Linux); 0 when unknown. */
export function processCpuMicros(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}
