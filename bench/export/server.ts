// The export bench's server, in its own process so its RSS is its own: a fresh database
// (PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite) with BENCH_EXPORT_ROWS
// trades, served over loopback through the real route loader (/reports/trade/export, with its
// guard, filters and streamed body) plus a CSV baseline over the same rows.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { livePricesOf, streamTradeReportRows } from "~/models/report.server";
import { TRADE_EXPORT_COLUMNS } from "~/services/reports/columns";
import { createTestContext } from "../../tests/support/context";
import { sessionCookieFor } from "../../tests/support/requests";
import { createUser } from "../../tests/support/factories";
import { parentChannel } from "../lib/child";

const channel = parentChannel();
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

let sampling: NodeJS.Timeout | null = null;
let baseline = 0;
let peak = 0;
let baselineHeap = 0;
let peakHeap = 0;

function csvField(value: string | number | Date | null): string {
  if (value === null) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") return String(value);
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function main() {
  const t = await createTestContext();
  const db = t.context.db;
  const admin = await createUser(db, { roleId: 1 });
  const cookie = await sessionCookieFor(t.context, admin.id);
  const traders = [];
  for (const i of [1, 2, 3, 4, 5]) traders.push(await createUser(db, { roleId: 4, name: `Bench Trader ${i}`, username: `bench_trader_${i}`, email: `bench${i}@example.test` }));
  await db.execute(sql`insert into sectors (sector_name) values ('Bench Sector')`);
  await db.execute(sql`insert into symbols (symbol_code, sector_id) select 'BENCH' || g, (select id from sectors limit 1) from generate_series(1, 20) g`);
  const traderIds = `{${traders.map((u) => u.id).join(",")}}`;
  // One in ten trades is open (PNL at the live price), the rest closed.
  await db.execute(sql`
    insert into trades (user_id, symbol_id, trade_type, quantity, buy_price, sell_price, status, trade_date_time, exit_date_time)
    select (${traderIds}::int[])[1 + g % 5],
           (select min(id) from symbols) + g % 20,
           (case when g % 2 = 0 then 'BUY' else 'SELL' end)::trade_type,
           1 + g % 50, 100 + (g % 997) / 100.0, 101 + (g % 991) / 100.0,
           g % 10 = 0,
           timestamptz '2026-01-01 09:15+05:30' + g * interval '1 minute',
           case when g % 10 = 0 then null else timestamptz '2026-01-01 09:45+05:30' + g * interval '1 minute' end
    from generate_series(1, ${ROWS}) g`);
  for (let i = 1; i <= 20; i++) {
    const last = 100 + i;
    t.context.liveBook.set({ symbolCode: `BENCH${i}`, last, open: last, high: last, low: last, prevClose: last, change: 0, changePercent: 0, ask: last, bid: last, ltq: 1, volume: 1, time: Date.now() });
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname === "/bench/csv") {
        // The baseline: the same rows from the same cursor, written as CSV text.
        res.writeHead(200, { "Content-Type": "text/csv" });
        res.write(TRADE_EXPORT_COLUMNS.map((c) => csvField(c.header)).join(",") + "\n");
        for await (const row of streamTradeReportRows(db, livePricesOf(t.context.liveBook), { active: "all" })) {
          if (!res.write(TRADE_EXPORT_COLUMNS.map((c) => csvField(c.value(row))).join(",") + "\n")) {
            await new Promise((resolve) => res.once("drain", resolve));
          }
        }
        res.end();
        return;
      }
      const request = new Request(url.toString().replace("http://127.0.0.1", `http://127.0.0.1:${(server.address() as AddressInfo).port}`), {
        headers: { Cookie: req.headers.cookie ?? "" },
      });
      const response = (await tradeExportLoader({ request, context: t.context, params: {} } as LoaderFunctionArgs)) as Response;
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
    } catch (error) {
      if (error instanceof Response) {
        res.writeHead(error.status);
        res.end();
        return;
      }
      res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  channel.on("measure-start", () => {
    (globalThis as { gc?: () => void }).gc?.();
    const start = process.memoryUsage();
    baseline = start.rss;
    peak = baseline;
    baselineHeap = start.heapUsed;
    peakHeap = baselineHeap;
    sampling = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);
    channel.send({ type: "measuring" });
  });
  channel.on("measure-end", () => {
    if (sampling) clearInterval(sampling);
    peak = Math.max(peak, process.memoryUsage().rss);
    channel.send({ type: "memory", baselineRss: baseline, peakRss: peak, baselineHeap, peakHeap });
  });
  channel.on("exit", async () => {
    server.close();
    await t.close();
    process.exit(0);
  });
  channel.send({ type: "ready", port: (server.address() as AddressInfo).port, cookie, rows: ROWS, driver: t.database.driver });
}

main().catch((error: unknown) => {
  channel.fail(error);
  setTimeout(() => process.exit(1), 100);
});
