// The trades bench's server, in its own process: the app's real services on a fresh database
// (PostgreSQL or in-memory PGlite) holding 100,000 trades, the built Remix app (build/index.js)
// behind Express with compression as in production, and one extra route with no loader
// ("/bench-blank", added to this process's copy of the build only) as the baseline.
// Replies "ready" with the port, a signed-in admin's cookie and the URL of page 250.
import { createScratchDatabase } from "../../tests/support/scratch-database";
import http from "node:http";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { sql } from "drizzle-orm";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { parseEnv } from "~/config/env.server";
import { buildServices } from "~/server/build-services.server";
import { createAuthSession } from "~/models/auth-session.server";
import { formatTradeCursor, listTrades } from "~/models/trade.server";
import { TRADE_PAGE_SIZE, tradePageSearch } from "~/domain/trade-list";
import { parentChannel } from "../lib/child";
import "~/config/context";

export const TRADE_COUNT = 100_000;
export const DEEP_PAGE = 250;
const USERS = 200;
const SYMBOLS = 50;
const SECTORS = 10;

const kind = process.argv[2] as "postgres" | "pglite";
const channel = parentChannel();

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  return createScratchDatabase(base, "bench_trades");
}

/** The built app plus a route with no loader: the same root, shell and document, no route data. */
function withBlankRoute(build: ServerBuild): ServerBuild {
  const id = "routes/bench-blank";
  const template = build.assets.routes["routes/_journal+/trades"];
  return {
    ...build,
    routes: { ...build.routes, [id]: { id, parentId: "root", path: "bench-blank", module: { default: () => null } as never } },
    assets: {
      ...build.assets,
      routes: { ...build.assets.routes, [id]: { ...template, id, path: "bench-blank", hasLoader: false, hasAction: false, imports: [] } },
    },
  };
}

channel.on("start", async () => {
  const started = performance.now();
  const postgres = kind === "postgres" ? await createPostgresDatabase() : null;
  const env = parseEnv({
    NODE_ENV: "production",
    DATABASE_URL: postgres ? postgres.url : "memory://",
    SESSION_SECRET: "bench-secret-0123456789abcdef0123",
    SEED_DEMO: "0",
  });
  const httpServer = http.createServer();
  const { services, database } = await buildServices(env, { httpServer, log: () => {} });
  const db = services.db;

  // 100,000 trades by 200 users on 50 symbols, one every 25 s back from now (about 29 days).
  const statements = [
    `insert into sectors (sector_name) select 'BENCH SECTOR ' || g from generate_series(1, ${SECTORS}) g`,
    `insert into symbols (symbol_code, sector_id) select 'BT' || lpad(g::text, 3, '0'), 1 + g % ${SECTORS} from generate_series(1, ${SYMBOLS}) g`,
    `insert into users (name, username, email, password_hash, role_id) values ('Bench Admin', 'benchadmin', 'benchadmin@example.test', 'x', 1)`,
    `insert into users (name, username, email, password_hash, role_id)
       select 'Trader ' || g, 'trader' || g, 'trader' || g || '@example.test', 'x', 3 + g % 2 from generate_series(1, ${USERS}) g`,
    `insert into trades (user_id, symbol_id, trade_type, quantity, buy_price, sell_price, target_price, sl_price,
                         description, reason_to_trade, trade_date_time, exit_date_time, status, is_verified)
       select 2 + g % ${USERS}, 1 + g % ${SYMBOLS}, (case when g % 2 = 0 then 'BUY' else 'SELL' end)::trade_type,
              1 + g % 10, 1000 + g % 97, 1010 + g % 89, 1050, 990, 'bench', 'bench',
              now() - g * interval '25 seconds',
              case when g % 5 = 0 then null else now() - g * interval '25 seconds' + interval '10 minutes' end,
              g % 5 = 0, g % 3 = 0
       from generate_series(1, ${TRADE_COUNT}) g`,
    `analyze`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  const admin = { id: 1, roleId: 1 as const };
  const session = await createAuthSession(db, admin.id);
  const cookie = (await services.cookies.session.serialize(session.id)).split(";")[0];

  // Role 1 with Today unticked lists every trade. Page 250's cursor is the last row of page 249.
  const listSearch = "?f=1";
  const before = await listTrades(db, admin, { window: null }, { cursor: null, direction: "after", offset: (DEEP_PAGE - 2) * TRADE_PAGE_SIZE, limit: TRADE_PAGE_SIZE });
  const last = before.rows[before.rows.length - 1];
  const deepPath = `/trades${tradePageSearch(listSearch, DEEP_PAGE, formatTradeCursor(last.cursor), "after")}`;

  const build = withBlankRoute((await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild);
  const app = express();
  app.use(compression());
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req): AppLoadContext => ({ ...services, cspNonce: randomBytes(16).toString("base64"), clientIp: req.ip ?? "" }),
    }),
  );
  httpServer.on("request", app);
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const port = (httpServer.address() as AddressInfo).port;

  // CPU time of this process, for the orchestrator's load-independent cost per request.
  channel.on("cpu", () => {
    const usage = process.cpuUsage();
    channel.send({ type: "cpu", micros: usage.user + usage.system });
  });
  channel.on("exit", async () => {
    await services.hub.close();
    await database.close();
    await postgres?.drop();
    process.exit(0);
  });
  channel.send({ type: "ready", port, cookie, page1Path: `/trades${listSearch}`, deepPath, blankPath: "/bench-blank", setupMs: performance.now() - started });
});
