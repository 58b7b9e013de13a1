// bench/pages: the server's CPU per request of nine pages of the app (signed in as role 1, with
// 100,000 trades), each as a multiple of a one-route Remix app's (the floor) behind the same
// production pipeline, measured in interleaved rounds. One server process holds the floor and a
// copy of the app on PostgreSQL and one on in-memory PGlite (PAGES_BENCH_DB=postgres|pglite
// holds one), measured one database after the other. After each, the event loop's delay while
// pages, an xlsx export and the live feed to socket clients run together.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { spawnTsChild, sleep, type BenchChild } from "../lib/child";
import { openLightSocket, type LightSocket } from "../lib/light-socket";
import { printCompressionChoices } from "./compression";
import type { BenchDatabaseKind } from "../lib/trade-app";
import {
  EXPORT_PATH,
  FLOOR,
  PAGES,
  SOCKET_SYMBOLS,
  TARGET_LOOP_P99_MS,
  TARGET_PGLITE_OVER_POSTGRES,
  TARGET_X_FLOOR,
  UNCOMPRESSED,
  CASES,
  type AppReady,
  type LoopReading,
  type Mark,
  type PageCase,
  type Ready,
} from "./config";

export const description = "CPU per request of 9 pages vs a one-route Remix app behind the same pipeline (PostgreSQL, PGlite), and event-loop delay with pages, an export and ticks together";

const ROUNDS = Number(process.env.PAGES_ROUNDS ?? 5);
const REQUESTS = Number(process.env.PAGES_REQUESTS ?? 20);
const WARMUP = Number(process.env.PAGES_WARMUP ?? 20);
const TOGETHER_SECONDS = Number(process.env.PAGES_TOGETHER_SECONDS ?? 10);
const SOCKETS = Number(process.env.PAGES_SOCKETS ?? 50);
const TOGETHER_CLIENTS = 2;

interface Answer {
  status: number;
  encoding: string;
  body: Buffer;
  location?: string;
}

interface Measured {
  kind: BenchDatabaseKind;
  /** Per case, one figure per round: CPU ms per request, and statements per request. */
  cpuMs: Map<PageCase, number[]>;
  /** Per case, one figure per round: CPU ms per request of the database's own process (PGlite as `npm start` runs it; 0 for PostgreSQL, not measured). */
  databaseCpuMs: Map<PageCase, number[]>;
  queries: Map<PageCase, number[]>;
  /** Per case: bytes sent (compressed), the encoding, and the decoded size. */
  sizes: Map<PageCase, { sent: number; encoding: string; decoded: number }>;
  loop: LoopReading;
  together: Together | null;
}

interface Together {
  seconds: number;
  loop: LoopReading;
  pages: number;
  pageP99Ms: number;
  exports: number;
  exportMb: number;
  framesPerSecond: number;
  failures: string[];
  /** Seconds until the server was quiet after the window (the cut-off export's leftovers); -1: not within 60 s. */
  settledSeconds: number;
  /** Share of one core the database's own process used over the window (0: none measured). */
  databaseCpuPercent: number;
  serverCpuPercent: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

class Client {
  private readonly agents = new Map<number, http.Agent>();
  constructor(
    private readonly floorPort: number,
    private readonly app: AppReady,
  ) {}

  /** The same headers for every case (a browser's), plus the case's credentials. */
  headers(page: PageCase): Record<string, string> {
    const headers: Record<string, string> = {
      "accept-encoding": page.acceptEncoding ?? "br, gzip",
      accept: page.auth === "bearer" ? "application/json" : "text/html,application/xhtml+xml",
      "user-agent": "bench-pages",
    };
    if (page.auth === "cookie") headers.cookie = this.app.cookie;
    if (page.auth === "bearer") headers.authorization = `Bearer ${this.app.token}`;
    return headers;
  }

  port(page: PageCase): number {
    if (page.server === "compare") return this.app.comparePort!;
    return page.server === "floor" ? this.floorPort : this.app.port;
  }

  /** One GET on a keep-alive connection of its own per server; the body as sent (not decoded). */
  get(page: PageCase, agentKey = 0): Promise<Answer> {
    const port = this.port(page);
    const key = port * 100 + agentKey;
    let agent = this.agents.get(key);
    if (!agent) this.agents.set(key, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
    return new Promise((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: page.path, headers: this.headers(page), agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, encoding: String(res.headers["content-encoding"] ?? "identity"), body: Buffer.concat(chunks), location: res.headers.location }),
        );
      });
      req.on("error", reject);
    });
  }

  async getOk(page: PageCase, agentKey = 0): Promise<Answer> {
    const answer = await this.get(page, agentKey);
    if (answer.status !== 200) throw new Error(`${page.label} answered ${answer.status}${answer.location ? ` → ${answer.location}` : ""}`);
    return answer;
  }

  /** Downloads `path` to the end, counting bytes as they come; resolves false when aborted. */
  download(path: string, signal: AbortSignal, onBytes: (bytes: number) => void): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port: this.app.port, path, headers: { cookie: this.app.cookie, "accept-encoding": "br, gzip" }, signal }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
        res.on("data", (chunk: Buffer) => onBytes(chunk.byteLength));
        res.on("error", () => resolve(false));
        res.on("end", () => resolve(true));
      });
      req.on("error", (error) => (signal.aborted ? resolve(false) : reject(error)));
    });
  }

  close() {
    for (const agent of this.agents.values()) agent.destroy();
  }
}

function decoded(answer: Answer): Buffer {
  if (answer.encoding === "br") return zlib.brotliDecompressSync(answer.body);
  if (answer.encoding === "gzip") return zlib.gunzipSync(answer.body);
  return answer.body;
}

/** With PAGES_DUMP=<folder>, each case's decoded answer is written there once, to look at. */
function dump(kind: BenchDatabaseKind, page: PageCase, body: Buffer) {
  const folder = process.env.PAGES_DUMP;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  const name = `${kind}-${page.label.replace(/[^a-z0-9]+/gi, "_").replace(/^_+|_+$/g, "")}.${page.auth === "bearer" ? "json" : "html"}`;
  fs.writeFileSync(path.join(folder, name), body);
}

/** The server's CPU and its databases' own processes', in µs: quiet means all of it is. */
const allCpu = (m: Mark) => m.cpuMicros + Object.values(m.databaseCpuMicros).reduce((a, b) => a + (b ?? 0), 0);

async function mark(server: BenchChild): Promise<Mark> {
  server.send({ type: "mark" });
  return server.next<Mark>("mark", 10_000);
}

/**
 * Waits until the server is quiet (no SQL statement and under 5 % of a core for a second), so
 * work left over (an aborted export still running, the loading's last writes) is not counted
 * in the next figures. Returns the seconds it took, or -1 when it never settled within 60 s.
 */
async function settle(server: BenchChild): Promise<number> {
  const started = performance.now();
  let before = await mark(server);
  while (performance.now() - started < 60_000) {
    await sleep(1000);
    const after = await mark(server);
    if (after.queries === before.queries && allCpu(after) - allCpu(before) < 50_000) return (performance.now() - started) / 1000;
    before = after;
  }
  return -1;
}

async function readLoop(server: BenchChild): Promise<LoopReading> {
  server.send({ type: "loop-read" });
  return server.next<LoopReading>("loop", 10_000);
}

async function startLoop(server: BenchChild) {
  server.send({ type: "loop-start" });
  await server.next("loop-started", 10_000);
}

/** Pages, the export and the live feed at once; the loop's delay over that window. */
async function runTogether(server: BenchChild, client: Client, app: AppReady): Promise<Together> {
  server.send({ type: "market-start", kind: app.kind });
  await server.next("market-started", 60_000);
  const base = `http://127.0.0.1:${app.port}`;
  const sockets: LightSocket[] = [];
  let frames = 0;
  const failures: string[] = [];
  try {
    for (let i = 0; i < SOCKETS; i++) {
      const socket = await openLightSocket(base, { Cookie: app.cookie, Origin: base }, "getServerSymbol", () => (frames += 1));
      sockets.push(socket);
      const subs = Array.from({ length: SOCKET_SYMBOLS }, (_, k) => app.symbols[(i + k * 5) % app.symbols.length]);
      await socket.emitWithAck("SubAdd", { subs }, 10_000);
    }
    // The engine's first frames and the sockets' first quotes settle before the window opens.
    await sleep(1000);
    await startLoop(server);
    const cpuBefore = await mark(server);
    frames = 0;
    const started = Date.now();
    const until = started + TOGETHER_SECONDS * 1000;
    const abort = new AbortController();
    let exports = 0;
    let exportBytes = 0;
    const exporter = (async () => {
      while (Date.now() < until) {
        if (!(await client.download(EXPORT_PATH, abort.signal, (bytes) => (exportBytes += bytes)))) return;
        exports += 1;
      }
    })().catch((error: unknown) => void failures.push(`export: ${error instanceof Error ? error.message : String(error)}`));
    const pageMs: number[] = [];
    await Promise.all(
      Array.from({ length: TOGETHER_CLIENTS }, async (_, k) => {
        for (let i = k; Date.now() < until; i++) {
          const page = PAGES[i % PAGES.length];
          const t0 = performance.now();
          try {
            await client.getOk(page, 1 + k);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
          pageMs.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const loop = await readLoop(server);
    const cpuAfter = await mark(server);
    const percentOfCore = (micros: number) => micros / 1e4 / seconds;
    const framesPerSecond = frames / seconds;
    abort.abort();
    await exporter;
    const sorted = pageMs.sort((a, b) => a - b);
    return {
      seconds,
      loop,
      pages: pageMs.length,
      pageP99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
      exports,
      exportMb: exportBytes / 1024 / 1024,
      framesPerSecond,
      failures,
      settledSeconds: -1,
      serverCpuPercent: percentOfCore(cpuAfter.cpuMicros - cpuBefore.cpuMicros),
      databaseCpuPercent: percentOfCore((cpuAfter.databaseCpuMicros[app.kind] ?? 0) - (cpuBefore.databaseCpuMicros[app.kind] ?? 0)),
    };
  } finally {
    for (const socket of sockets) socket.close();
    // Stopping waits for the engines' queued writes: the window's stop-loss and target hits (400
    // open trades per symbol on one level, each told to its owner and 100 staff) can be minutes
    // of rows on a slow database; how long it took is printed.
    const stopping = performance.now();
    server.send({ type: "market-stop", kind: app.kind });
    await server.next("market-stopped", 300_000);
    stopSeconds.set(app.kind, (performance.now() - stopping) / 1000);
  }
}

/** Per database, seconds the market took to stop after the together window (its queued writes). */
const stopSeconds = new Map<BenchDatabaseKind, number>();

/** The largest page's decoded HTML, for the table of compression settings. */
let largestPageHtml: Buffer | null = null;

/** One database's copy of the app against the floor: warm-up, interleaved rounds, then everything together. */
async function measure(server: BenchChild, floorPort: number, app: AppReady): Promise<Measured> {
  const client = new Client(floorPort, app);
  try {
    await settle(server);
    const cases = CASES;
    const sizes = new Map<PageCase, { sent: number; encoding: string; decoded: number }>();
    for (const page of cases) {
      let last: Answer | null = null;
      for (let i = 0; i < Math.max(1, WARMUP); i++) last = await client.getOk(page);
      const body = decoded(last!);
      dump(app.kind, page, body);
      if (page === UNCOMPRESSED) largestPageHtml = body;
      sizes.set(page, { sent: last!.body.byteLength, encoding: last!.encoding, decoded: body.byteLength });
    }
    const cpuMs = new Map<PageCase, number[]>(cases.map((c) => [c, []]));
    const queries = new Map<PageCase, number[]>(cases.map((c) => [c, []]));
    const databaseCpuMs = new Map<PageCase, number[]>(cases.map((c) => [c, []]));
    await startLoop(server);
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved: each round measures every case once, starting one case further along.
      const order = cases.map((_, i) => cases[(i + round) % cases.length]);
      for (const page of order) {
        const before = await mark(server);
        for (let i = 0; i < REQUESTS; i++) await client.getOk(page);
        const after = await mark(server);
        cpuMs.get(page)!.push((after.cpuMicros - before.cpuMicros) / REQUESTS / 1000);
        databaseCpuMs.get(page)!.push(((after.databaseCpuMicros[app.kind] ?? 0) - (before.databaseCpuMicros[app.kind] ?? 0)) / REQUESTS / 1000);
        queries.get(page)!.push((after.queries - before.queries) / REQUESTS);
      }
    }
    const loop = await readLoop(server);
    const together = TOGETHER_SECONDS > 0 ? await runTogether(server, client, app) : null;
    // The export cut off at the window's end may still be running in the server.
    if (together) together.settledSeconds = await settle(server);
    return { kind: app.kind, cpuMs, databaseCpuMs, queries, sizes, loop, together };
  } finally {
    client.close();
  }
}

/**
 * PAGES_COMPARE: each page on this build and on the other, one after the other in every round
 * (which goes first alternates), and per page the median over rounds of this build's CPU over
 * the other's: below 1 this build is cheaper. Both serve from one process, one database.
 */
async function compareBuilds(server: BenchChild, floorPort: number, app: AppReady) {
  const client = new Client(floorPort, app);
  try {
    await settle(server);
    const pairs = PAGES.map((page) => ({ page, other: { ...page, server: "compare" as const } }));
    for (const { page, other } of pairs) {
      for (let i = 0; i < WARMUP; i++) {
        await client.getOk(page);
        await client.getOk(other);
      }
    }
    const figures = pairs.map(() => ({ mine: [] as number[], theirs: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, { page, other }] of pairs.entries()) {
        for (const which of round % 2 ? [other, page] : [page, other]) {
          const before = await mark(server);
          for (let i = 0; i < REQUESTS; i++) await client.getOk(which);
          const after = await mark(server);
          (which === page ? figures[index].mine : figures[index].theirs).push((after.cpuMicros - before.cpuMicros) / REQUESTS / 1000);
        }
      }
    }
    console.log(`\n  ${app.kind}: this build against ${process.env.PAGES_COMPARE}'s, server CPU per request, ${ROUNDS} rounds of ${REQUESTS} requests each, side by side`);
    printTable(
      ["page", "this ms/req", "other ms/req", "this / other"],
      pairs.map(({ page }, index) => {
        const { mine, theirs } = figures[index];
        return [page.label, median(mine).toFixed(2), median(theirs).toFixed(2), `${median(mine.map((ms, round) => ms / theirs[round])).toFixed(2)}x`];
      }),
    );
  } finally {
    client.close();
  }
}

/** Per round, the case's CPU over the floor's in that round; the median of those. */
function xFloor(m: Measured, page: PageCase): number {
  const floor = m.cpuMs.get(FLOOR)!;
  return median(m.cpuMs.get(page)!.map((ms, round) => ms / floor[round]));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

function printKind(m: Measured) {
  const floorMs = median(m.cpuMs.get(FLOOR)!);
  console.log(
    `\n  ${m.kind === "postgres" ? "PostgreSQL" : "PGlite (a data folder, in its own process, as npm start runs it)"}: server CPU per request, median of ${ROUNDS} interleaved rounds of ${REQUESTS} sequential requests per page (after ${WARMUP} warm-up); floor ${floorMs.toFixed(2)} ms`,
  );
  const ownProcess = hasDatabaseProcess(m);
  const header = ["page", "CPU ms/req", "x floor", "target", "", "SQL/req", "sent", "decoded", ...(ownProcess ? ["DB process CPU ms/req", "both ms/req"] : [])];
  const rows = CASES.map((page) => {
    const ratio = xFloor(m, page);
    const target = page.class === "floor" || page.class === "reference" ? null : TARGET_X_FLOOR[page.class];
    const size = m.sizes.get(page)!;
    return [
      page.label,
      median(m.cpuMs.get(page)!).toFixed(2),
      `${ratio.toFixed(2)}x`,
      target === null ? "" : `<= ${target.toFixed(1)}x`,
      target === null ? "" : verdict(ratio <= target),
      median(m.queries.get(page)!).toFixed(1),
      `${kb(size.sent)} ${size.encoding}`,
      kb(size.decoded),
      ...(ownProcess ? [median(m.databaseCpuMs.get(page)!).toFixed(2), median(m.cpuMs.get(page)!.map((ms, round) => ms + m.databaseCpuMs.get(page)![round])).toFixed(2)] : []),
    ];
  });
  printTable(header, rows);
  const compressed = PAGES.find((p) => p.path === UNCOMPRESSED.path && !p.acceptEncoding);
  if (compressed) printCompressionCost(m, compressed);
  console.log(`  event loop while measuring (10 ms timer resolution, as /healthz: an idle loop reads about 10 ms): p99 ${m.loop.p99Ms} ms, max ${m.loop.maxMs} ms`);
  const t = m.together;
  if (t) {
    console.log(
      `  ${verdict(t.loop.p99Ms <= TARGET_LOOP_P99_MS && t.failures.length === 0)} together for ${t.seconds.toFixed(0)} s (${TOGETHER_CLIENTS} clients on the pages back to back, ${EXPORT_PATH} back to back, simulated feed to ${SOCKETS} sockets): ` +
        `event loop p99 ${t.loop.p99Ms} ms (target <= ${TARGET_LOOP_P99_MS} ms), max ${t.loop.maxMs} ms`,
    );
    console.log(
      `       ${t.pages} pages (p99 ${t.pageP99Ms.toFixed(0)} ms), ${t.exports} exports finished and ${t.exportMb.toFixed(1)} MB of xlsx received, ${t.framesPerSecond.toFixed(0)} live-price frames/s received` +
        (t.failures.length ? `; ${t.failures.length} failures, first: ${t.failures[0]}` : ""),
    );
    if (ownProcess) console.log(`       CPU over the window: the server ${t.serverCpuPercent.toFixed(0)} % of a core, the database's own process ${t.databaseCpuPercent.toFixed(0)} %`);
    console.log(`       the market engines stopped ${(stopSeconds.get(m.kind) ?? 0).toFixed(0)} s after the window (storing the window's queued stop-loss and target hits)`);
    console.log(`       the server was quiet again ${t.settledSeconds < 0 ? "only after more than 60 s" : `${t.settledSeconds.toFixed(0)} s`} after that (the cut-off export's leftovers)`);
  }
}

/** What compressing the largest page costs: its CPU with and without compression, per round. */
function printCompressionCost(m: Measured, compressed: PageCase) {
  const pageMs = median(m.cpuMs.get(compressed)!);
  // Per round (the two cases are next to each other in the first ten rounds), then the median.
  const uncompressedMs = m.cpuMs.get(UNCOMPRESSED)!;
  const compressing = median(m.cpuMs.get(compressed)!.map((ms, round) => ms - uncompressedMs[round]));
  const { decoded, sent, encoding } = m.sizes.get(compressed)!;
  console.log(
    `  compression: ${encoding} of ${compressed.label}'s ${kb(decoded)} into ${kb(sent)} costs ${compressing.toFixed(2)} ms of its ${pageMs.toFixed(2)} ms (${((compressing / pageMs) * 100).toFixed(0)} %), ${((compressing / (decoded / 1024)) * 1000).toFixed(0)} µs per KB`,
  );
}

/** The database ran in a process of its own, whose CPU was measured apart from the server's. */
function hasDatabaseProcess(m: Measured): boolean {
  return [...m.databaseCpuMs.values()].some((rounds) => rounds.some((ms) => ms > 0));
}

function printComparison(postgres: Measured, pglite: Measured) {
  console.log(`\n  PGlite against PostgreSQL: each page's x floor on PGlite ÷ its x floor on PostgreSQL (target <= ${TARGET_PGLITE_OVER_POSTGRES}x)`);
  const rows = PAGES.map((page) => {
    const pg = xFloor(postgres, page);
    const lite = xFloor(pglite, page);
    const ratio = lite / pg;
    // With PGlite in its own process its query work leaves the server: the CPU of both, per round over the floor.
    const floor = pglite.cpuMs.get(FLOOR)!;
    const both = median(pglite.cpuMs.get(page)!.map((ms, round) => (ms + pglite.databaseCpuMs.get(page)![round]) / floor[round]));
    return [page.label, `${pg.toFixed(2)}x`, `${lite.toFixed(2)}x`, `${ratio.toFixed(2)}x`, verdict(ratio <= TARGET_PGLITE_OVER_POSTGRES), `${both.toFixed(2)}x`];
  });
  printTable(["page", "PostgreSQL", "PGlite", "PGlite/PG", "", "PGlite server + its DB process"], rows);
  console.log("  (PostgreSQL's server-side CPU is not measured: its figures are the app server's alone)");
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => "  " + cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

export async function run(): Promise<void> {
  const asked = process.env.PAGES_BENCH_DB;
  const kinds: BenchDatabaseKind[] = asked === "postgres" || asked === "pglite" ? [asked] : ["postgres", "pglite"];
  // One server process for the floor and every database's copy of the app, so every ratio,
  // PGlite's to PostgreSQL's too, comes from one process. NODE_ENV=production as `npm start`
  // runs it: React's development build renders several times slower.
  // PAGES_PROFILE=<folder>: the server process writes a V8 CPU profile there when it exits.
  const profile = process.env.PAGES_PROFILE;
  const nodeArgs = [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`, "--cpu-prof-interval=250"] : []), ...(process.env.PAGES_NODE_ARGS?.split(" ").filter(Boolean) ?? [])];
  const server = spawnTsChild("pages server", "bench/pages/server.ts", kinds, { NODE_ENV: "production" }, nodeArgs);
  try {
    server.send({ type: "start" });
    const ready = await server.next<Ready>("ready", 600_000);
    for (const app of ready.apps) console.log(`  ${app.kind}: 100,000 trades loaded and the app up in ${(app.setupMs / 1000).toFixed(1)} s`);
    if (process.env.PAGES_COMPARE) {
      for (const app of ready.apps) await compareBuilds(server, ready.floorPort, app);
      return;
    }
    const results = new Map<BenchDatabaseKind, Measured>();
    for (const app of ready.apps) {
      const m = await measure(server, ready.floorPort, app);
      results.set(app.kind, m);
      printKind(m);
    }
    const postgres = results.get("postgres");
    const pglite = results.get("pglite");
    if (postgres && pglite) printComparison(postgres, pglite);
    if (largestPageHtml) printCompressionChoices(UNCOMPRESSED.path, largestPageHtml);
  } finally {
    await server.stop(15_000);
  }
}
