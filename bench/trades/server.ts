// The trades bench's server, in its own process: the app's real services on a fresh database
// (PostgreSQL or in-memory PGlite) holding 100,000 trades, the built Remix app (build/index.js)
// behind Express with compression as in production, and one extra route with no loader
// ("/bench-blank", added to this process's copy of the build only) as the baseline.
// Replies "ready" with the port, a signed-in admin's cookie and the URL of page 250.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { formatTradeCursor, listTrades } from "~/models/trade.server";
import { TRADE_PAGE_SIZE, tradePageSearch } from "~/domain/trade-list";
import { parentChannel } from "../lib/child";
import { cpuMicros, importAppBuild, openTradeApp, type BenchDatabaseKind } from "../lib/trade-app";
import "~/config/context";

export const DEEP_PAGE = 250;

const kind = process.argv[2] as BenchDatabaseKind;
const channel = parentChannel();

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
  const trades = await openTradeApp(kind, "bench_trades");
  const { services, httpServer, admin, cookie } = trades;
  const db = services.db;

  // Role 1 with Today unticked lists every trade. Page 250's cursor is the last row of page 249.
  const listSearch = "?f=1";
  const before = await listTrades(db, admin, { window: null }, { cursor: null, direction: "after", offset: (DEEP_PAGE - 2) * TRADE_PAGE_SIZE, limit: TRADE_PAGE_SIZE });
  const last = before.rows[before.rows.length - 1];
  const deepPath = `/trades${tradePageSearch(listSearch, DEEP_PAGE, formatTradeCursor(last.cursor), "after")}`;

  const build = withBlankRoute(await importAppBuild());
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
  channel.on("cpu", () => channel.send({ type: "cpu", micros: cpuMicros() }));
  channel.on("exit", async () => {
    await trades.close();
    process.exit(0);
  });
  channel.send({ type: "ready", port, cookie, page1Path: `/trades${listSearch}`, deepPath, blankPath: "/bench-blank", setupMs: performance.now() - started });
});
