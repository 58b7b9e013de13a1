// One app process without the Remix pages: services, socket.io hub (with Redis when REDIS_URL
// is set) and the market (feed leadership by advisory lock). The scale-out test starts two.
import http from "node:http";
import { parseEnv } from "~/config/env.server";
import { buildServices } from "~/server/build-services.server";
import { startMarket } from "~/market/market.server";
import { openFeedFromEnv } from "~/market/feeds/index.server";
import { CandleWriter } from "~/market/candle-writer.server";

const env = parseEnv({ ...process.env, NODE_ENV: "test" });
const server = http.createServer((_req, res) => res.writeHead(404).end());
const { services, database, closeExtras } = await buildServices(env, { httpServer: server, log: (l) => console.log(l) });
const market = await startMarket({
  db: services.db,
  liveBook: services.liveBook,
  hub: services.hub,
  databaseUrl: env.DATABASE_URL,
  openFeed: () => openFeedFromEnv(env),
  createCandleSink: (resolveSymbolId) => new CandleWriter({ db: services.db, resolveSymbolId }),
  frameMs: 100,
  log: (line) => console.log(line),
});
server.listen(env.PORT, "127.0.0.1", () => console.log(`READY ${env.PORT}`));

async function shutdown() {
  await market.stop();
  await services.hub.close();
  await closeExtras();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
