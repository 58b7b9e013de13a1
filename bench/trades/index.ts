// bench/trades: the /trades document (full server render, signed in as role 1) with 100,000
// trades in the database, page 1 and page 250, against a route with no loader in the same app,
// each under 50 concurrent connections for 10 s (autocannon), measured in the same run. Once
// on PostgreSQL, once on in-memory PGlite (TRADES_BENCH_DB=postgres|pglite runs one).
import autocannon from "autocannon";
import { spawnTsChild, type BenchChild } from "../lib/child";

export const description = "/trades page 1 and page 250 (100k trades) vs a route with no loader, requests/s ratio";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.TRADES_BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const SEQUENTIAL_REQUESTS = 100;
const DRAIN_MS = 3000;
const TARGETS = {
  postgres: { page1: 0.5, deep: 0.45 },
  pglite: { page1: 0.3, deep: 0.3 },
} as const;

interface Ready {
  type: "ready";
  port: number;
  cookie: string;
  page1Path: string;
  deepPath: string;
  blankPath: string;
  setupMs: number;
}

interface Measured {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, cookie: string, seconds: number): Promise<Measured & { total: number; duration: number }> {
  // A 30 s client timeout (autocannon's default is 10 s): on a busy shared machine a slow answer
  // still counts as an answer, and only a real failure shows as an error.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 30, headers: { cookie } });
  return {
    rps: result.requests.total / result.duration,
    total: result.requests.total,
    duration: result.duration,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function measure(kind: "postgres" | "pglite") {
  const children: BenchChild[] = [];
  try {
    // NODE_ENV=production as `npm start` runs it: React's development build renders several times slower.
    const server = spawnTsChild(`${kind} server`, "bench/trades/server.ts", [kind], { NODE_ENV: "production" });
    children.push(server);
    server.send({ type: "start" });
    const ready = await server.next<Ready>("ready", 300_000);
    console.log(`  ${kind}: 100,000 trades loaded and server up in ${(ready.setupMs / 1000).toFixed(1)} s`);
    const base = `http://127.0.0.1:${ready.port}`;
    // First the pages one at a time (which also warms the server up), timed by the server's own
    // CPU clock: on a machine shared with other work, requests/s swing with the neighbours' load;
    // CPU time per request much less.
    const cpuPerRequest: Record<"blank" | "page1" | "deep", number> = { blank: 0, page1: 0, deep: 0 };
    for (const [name, p] of [["blank", ready.blankPath], ["page1", ready.page1Path], ["deep", ready.deepPath]] as const) {
      for (let i = 0; i < 10; i++) await (await fetch(base + p, { headers: { cookie: ready.cookie } })).text();
      server.send({ type: "cpu" });
      const before = await server.next<{ type: "cpu"; micros: number }>("cpu", 10_000);
      for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
        const res = await fetch(base + p, { headers: { cookie: ready.cookie } });
        if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
        await res.text();
      }
      server.send({ type: "cpu" });
      const after = await server.next<{ type: "cpu"; micros: number }>("cpu", 10_000);
      cpuPerRequest[name] = (after.micros - before.micros) / SEQUENTIAL_REQUESTS / 1000;
    }
    console.log(
      `  ${kind} server CPU per request, ${SEQUENTIAL_REQUESTS} sequential requests each: no-loader ${cpuPerRequest.blank.toFixed(1)} ms, page 1 ${cpuPerRequest.page1.toFixed(1)} ms, page 250 ${cpuPerRequest.deep.toFixed(1)} ms` +
        ` (CPU ratio page 1 ${(cpuPerRequest.blank / cpuPerRequest.page1).toFixed(2)}, page 250 ${(cpuPerRequest.blank / cpuPerRequest.deep).toFixed(2)})`,
    );
    // The no-loader route is measured before and after the two pages, and the baseline is the
    // mean of both, so a change in the machine's load during the run weighs on both sides.
    const sequence = [
      ["blank", ready.blankPath],
      ["page1", ready.page1Path],
      ["deep", ready.deepPath],
      ["blank", ready.blankPath],
    ] as const;
    const runs: Record<"blank" | "page1" | "deep", Measured[]> = { blank: [], page1: [], deep: [] };
    for (const [name, p] of sequence) {
      await load(base + p, ready.cookie, WARMUP_SECONDS);
      // The warm-up's abandoned requests finish before the window opens.
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      const f = await load(base + p, ready.cookie, SECONDS);
      runs[name].push(f);
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      console.log(`  ${kind} ${name.padEnd(5)} ${p.slice(0, 70).padEnd(70)} ${f.rps.toFixed(0).padStart(6)} req/s  p99 ${f.p99} ms  non-2xx ${f.non2xx}  errors ${f.errors}`);
    }
    const combine = (list: Measured[]): Measured => ({
      rps: list.reduce((sum, f) => sum + f.rps, 0) / list.length,
      p99: Math.max(...list.map((f) => f.p99)),
      non2xx: list.reduce((sum, f) => sum + f.non2xx, 0),
      errors: list.reduce((sum, f) => sum + f.errors, 0),
    });
    const figures = { blank: combine(runs.blank), page1: combine(runs.page1), deep: combine(runs.deep) };
    server.send({ type: "exit" });
    const ratio = (name: "page1" | "deep") => figures[name].rps / figures.blank.rps;
    for (const name of ["page1", "deep"] as const) {
      const target = TARGETS[kind][name];
      const clean = [figures[name], figures.blank].every((f) => f.non2xx === 0 && f.errors === 0);
      const verdict = clean && ratio(name) >= target ? "PASS" : "FAIL";
      console.log(`  ${verdict} ${kind} ${name === "page1" ? "page 1  " : "page 250"}: ${ratio(name).toFixed(2)} x the no-loader route (target >= ${target})${clean ? "" : " — non-2xx or errors seen"}`);
    }
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}

export async function run(): Promise<void> {
  const asked = process.env.TRADES_BENCH_DB;
  const kinds: ("postgres" | "pglite")[] = asked === "postgres" || asked === "pglite" ? [asked] : ["postgres", "pglite"];
  for (const kind of kinds) await measure(kind);
}
