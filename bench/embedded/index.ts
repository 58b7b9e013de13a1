// bench/embedded: the embedded database as `npm start` runs it. The built server (dist/server.js,
// NODE_ENV=production, the simulated feed) starts on a fresh data folder in a temp dir and seeds
// the demo data, as a first start does; it is stopped, a loader adds 100,000 trades and signs
// the demo admin in, and the server starts again on that folder. Two clients then browse the
// pages of bench/pages back to back while a third downloads the xlsx export over and over and
// sockets take the live feed. It prints the RSS of every process of the app (the server and any
// child it started), summed, against 400 MB, each process's CPU, and the server's event-loop
// delay (read inside the server by loop-probe.mjs). Linux only (/proc).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawnTsChild, sleep } from "../lib/child";
import { openLightSocket, type LightSocket } from "../lib/light-socket";
import { EXPORT_PATH, PAGES, SOCKET_SYMBOLS, type PageCase } from "../pages/config";
import { TARGET_LONGEST_BLOCK_MS, TARGET_LOOP_P99_MS, TARGET_RSS_MB, type Prepared } from "./config";

export const description = "RSS of `npm start`'s processes on the embedded database with the demo data and 100,000 trades while browsing, and the server's event-loop delay";

const BROWSE_SECONDS = Number(process.env.EMBEDDED_SECONDS ?? 60);
const CLIENTS = 2;
const SOCKETS = Number(process.env.EMBEDDED_SOCKETS ?? 20);
const SECRET = "bench-secret-0123456789abcdef0123";
const PAGE_SYMBOLS = ["NIFTY-I", "BANKNIFTY-I", "SENSEX"];

interface LoopReading {
  window: number;
  count: number;
  p99Ms: number;
  maxMs: number;
  longestMs: number;
  memory: NodeJS.MemoryUsage;
}

interface ProcessSample {
  pid: number;
  command: string;
  rssMb: number;
  peakMb: number;
  cpuMs: number;
}

/** The process and its descendants, from /proc (children of every thread). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const taskDir = `/proc/${pids[i]}/task`;
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(taskDir);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`${taskDir}/${task}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      } catch {
        // The thread ended between the two reads.
      }
    }
  }
  return pids;
}

const TICKS_PER_SECOND = 100;

function sampleProcess(pid: number): ProcessSample | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).slice(-1)[0] ?? "?";
    return { pid, command: path.basename(command), rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024, cpuMs: (cpuTicks / TICKS_PER_SECOND) * 1000 };
  } catch {
    return null;
  }
}

function sampleTree(pid: number): ProcessSample[] {
  return processTree(pid)
    .map(sampleProcess)
    .filter((s): s is ProcessSample => s !== null);
}

const sumRss = (samples: ProcessSample[]) => samples.reduce((total, s) => total + s.rssMb, 0);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface RunningServer {
  process: ChildProcess;
  port: number;
  probeFile: string;
  /** SIGTERM, then the seconds until the server and every process it started were gone (-1: killed after 20 s). */
  stop(): Promise<number>;
}

/** The Node flags of `npm start`'s `node … dist/server.js`, read from package.json, so the bench runs what it runs. */
function npmStartNodeFlags(): string[] {
  const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const command = /\bnode((?:\s+--?[\w-]+(?:=\S+)?)*)\s+dist\/server\.js/.exec(start);
  if (!command) throw new Error(`package.json's start script does not run node … dist/server.js: ${start}`);
  return command[1].trim().split(/\s+/).filter(Boolean);
}

/** `node dist/server.js` as `npm start` runs it (its Node flags too), on `dataDir`, with the loop probe preloaded. */
async function startServer(dataDir: string, workDir: string, label: string): Promise<RunningServer> {
  const port = await freePort();
  const probeFile = path.join(workDir, `loop-${label}.json`);
  // As `npm start` on a machine with no Redis: one process, no adapter.
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [...npmStartNodeFlags(), "--import", pathToProbe(), "dist/server.js"], {
    cwd: process.cwd(),
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dataDir,
      SESSION_SECRET: SECRET,
      LOOP_PROBE_FILE: probeFile,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.once("exit", () => child.kill("SIGKILL"));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`${label}: the server did not listen within 10 minutes`)), 600_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`${label}: the server exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
  // Keep draining its output (the feed logs), or the pipe fills and blocks it; kept to show if it dies.
  const logFile = path.join(workDir, `server-${label}.log`);
  child.stdout!.on("data", (chunk: Buffer) => fs.appendFileSync(logFile, chunk));
  child.once("exit", (code, signal) => {
    if (!stopping) console.log(`  ${label}: the server exited by itself (code ${code}, signal ${signal}); its last output:\n${fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-3000) : ""}`);
  });
  let stopping = false;
  return {
    process: child,
    port,
    probeFile,
    async stop() {
      stopping = true;
      const tree = processTree(child.pid!);
      const started = performance.now();
      child.kill("SIGTERM");
      const deadline = started + 20_000;
      while (performance.now() < deadline) {
        if (tree.every((pid) => !isAlive(pid))) break;
        await sleep(100);
      }
      const alive = tree.filter(isAlive);
      for (const pid of alive) process.kill(pid, "SIGKILL");
      await exited;
      return alive.length ? -1 : (performance.now() - started) / 1000;
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    // A zombie (exited, not yet reaped) has no memory left; it counts as gone.
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

function pathToProbe(): string {
  return path.resolve("bench/embedded/loop-probe.mjs");
}

async function readLoop(server: RunningServer, window: number): Promise<LoopReading> {
  for (let i = 0; i < 50; i++) {
    const reading = JSON.parse(fs.readFileSync(server.probeFile, "utf8")) as LoopReading;
    if (reading.window >= window) return reading;
    await sleep(100);
  }
  throw new Error("the loop probe did not answer");
}

async function newLoopWindow(server: RunningServer): Promise<number> {
  const before = JSON.parse(fs.readFileSync(server.probeFile, "utf8")) as LoopReading;
  server.process.kill("SIGUSR2");
  await readLoop(server, before.window + 1);
  return before.window + 1;
}

function get(port: number, page: PageCase, prepared: Prepared, agent: http.Agent): Promise<number> {
  const headers: Record<string, string> = {
    "accept-encoding": "br, gzip",
    accept: page.auth === "bearer" ? "application/json" : "text/html,application/xhtml+xml",
    "user-agent": "bench-embedded",
  };
  if (page.auth === "cookie") headers.cookie = prepared.cookie;
  if (page.auth === "bearer") headers.authorization = `Bearer ${prepared.token}`;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: page.path, headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

function download(port: number, cookie: string, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: EXPORT_PATH, headers: { cookie, "accept-encoding": "br, gzip" }, signal }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
      res.resume();
      res.on("error", () => resolve(false));
      res.on("end", () => resolve(true));
    });
    req.on("error", (error) => (signal.aborted ? resolve(false) : reject(error)));
  });
}

interface Browsed {
  seconds: number;
  pages: number;
  pageP50Ms: number;
  pageP99Ms: number;
  exports: number;
  frames: number;
  failures: string[];
  loop: LoopReading;
  /** Per process: RSS at the end, the largest sum seen, and CPU over the window. */
  end: ProcessSample[];
  peakSumMb: number;
  cpuMs: Map<number, number>;
}

/** Pages back to back from CLIENTS clients, the export over and over, the feed to SOCKETS sockets. */
async function browse(server: RunningServer, prepared: Prepared): Promise<Browsed> {
  const base = `http://127.0.0.1:${server.port}`;
  const sockets: LightSocket[] = [];
  let frames = 0;
  const failures: string[] = [];
  try {
    for (let i = 0; i < SOCKETS; i++) {
      const socket = await openLightSocket(base, { Cookie: prepared.cookie, Origin: base }, "getServerSymbol", () => (frames += 1));
      sockets.push(socket);
      await socket.emitWithAck("SubAdd", { subs: PAGE_SYMBOLS.slice(0, SOCKET_SYMBOLS) }, 10_000);
    }
    const window = await newLoopWindow(server);
    const before = new Map(sampleTree(server.process.pid!).map((s) => [s.pid, s.cpuMs]));
    frames = 0;
    const started = Date.now();
    const until = started + BROWSE_SECONDS * 1000;
    let peakSumMb = 0;
    const sampler = setInterval(() => (peakSumMb = Math.max(peakSumMb, sumRss(sampleTree(server.process.pid!)))), 1000);
    const abort = new AbortController();
    let exports = 0;
    const exporter = (async () => {
      while (Date.now() < until) {
        if (!(await download(server.port, prepared.cookie, abort.signal))) return;
        exports += 1;
      }
    })().catch((error: unknown) => void failures.push(`export: ${error instanceof Error ? error.message : String(error)}`));
    const pageMs: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, k) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (let i = k; Date.now() < until; i++) {
          const page = PAGES[i % PAGES.length];
          const t0 = performance.now();
          try {
            const status = await get(server.port, page, prepared, agent);
            if (status !== 200) failures.push(`${page.label} answered ${status}`);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
          pageMs.push(performance.now() - t0);
        }
        agent.destroy();
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const loop = await readLoop(server, window);
    const end = sampleTree(server.process.pid!);
    clearInterval(sampler);
    peakSumMb = Math.max(peakSumMb, sumRss(end));
    abort.abort();
    await exporter;
    const sorted = pageMs.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    return {
      seconds,
      pages: pageMs.length,
      pageP50Ms: at(0.5),
      pageP99Ms: at(0.99),
      exports,
      frames,
      failures,
      loop,
      end,
      peakSumMb,
      cpuMs: new Map(end.map((s) => [s.pid, s.cpuMs - (before.get(s.pid) ?? 0)])),
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;
const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

function printTree(label: string, samples: ProcessSample[]) {
  const parts = samples.map((s) => `${s.command} (pid ${s.pid}) ${mb(s.rssMb)}, peak ${mb(s.peakMb)}`).join("; ");
  console.log(`  ${label}: ${mb(sumRss(samples))} summed over ${samples.length} process${samples.length === 1 ? "" : "es"}: ${parts}`);
}

export async function run(): Promise<void> {
  if (!fs.existsSync("dist/server.js")) throw new Error("dist/server.js is missing: run `npm run build` first");
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-embedded-"));
  const dataDir = path.join(workDir, "pglite");
  try {
    // 1. A first start on an empty folder: migrations and the demo seed, as `npm start` does.
    let t0 = performance.now();
    const first = await startServer(dataDir, workDir, "first");
    console.log(`  first start (migrate + demo seed) listening after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await sleep(5000);
    printTree("first start, 5 s after listening (demo data only)", sampleTree(first.process.pid!));
    const firstStop = await first.stop();
    console.log(`  SIGTERM: ${firstStop < 0 ? "FAIL: processes still alive after 20 s (killed)" : `every process gone after ${firstStop.toFixed(1)} s`}`);

    // 2. 100,000 trades and a signed-in admin, loaded while the app is stopped.
    t0 = performance.now();
    const loader = spawnTsChild("embedded loader", "bench/embedded/prepare.ts", [dataDir], { NODE_ENV: "production" });
    let prepared: Prepared;
    try {
      loader.send({ type: "prepare", secret: SECRET });
      prepared = await loader.next<Prepared>("prepared", 600_000);
    } finally {
      await loader.stop(30_000);
    }
    console.log(`  ${prepared.trades.toLocaleString("en")} trades added in ${((performance.now() - t0) / 1000).toFixed(1)} s; data folder ${mb(folderBytes(dataDir) / 1048576)} on disk`);

    // 3. The app again, on that folder: idle, then browsed.
    t0 = performance.now();
    const server = await startServer(dataDir, workDir, "second");
    console.log(`  second start listening after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    try {
      await sleep(5000);
      printTree("second start, idle 5 s after listening", sampleTree(server.process.pid!));
      const browsed = await browse(server, prepared);
      console.log(
        `  browsed ${browsed.seconds.toFixed(0)} s: ${browsed.pages} pages by ${CLIENTS} clients (p50 ${browsed.pageP50Ms.toFixed(0)} ms, p99 ${browsed.pageP99Ms.toFixed(0)} ms), ` +
          `${browsed.exports} xlsx exports, ${browsed.frames} live-price frames to ${SOCKETS} sockets` +
          (browsed.failures.length ? `; ${browsed.failures.length} failures, first: ${browsed.failures[0]}` : ""),
      );
      printTree("after browsing", browsed.end);
      const memory = browsed.loop.memory;
      console.log(
        `  the server's own view (process.memoryUsage): JS heap ${mb(memory.heapUsed / 1048576)} used of ${mb(memory.heapTotal / 1048576)}, external ${mb(memory.external / 1048576)} (array buffers ${mb(memory.arrayBuffers / 1048576)}); the rest of its RSS is code, stacks and native allocations`,
      );
      const endSum = sumRss(browsed.end);
      console.log(
        `  ${verdict(endSum <= TARGET_RSS_MB && browsed.peakSumMb <= TARGET_RSS_MB)} RSS summed: ${mb(endSum)} at the end, ${mb(browsed.peakSumMb)} at most (sampled each second) (target <= ${TARGET_RSS_MB} MB)`,
      );
      for (const s of browsed.end) {
        const cpu = browsed.cpuMs.get(s.pid) ?? 0;
        console.log(`  CPU over the window: ${s.command} (pid ${s.pid}) ${(cpu / 1000).toFixed(1)} s (${((cpu / 10 / browsed.seconds)).toFixed(0)} % of a core), ${(cpu / browsed.pages).toFixed(1)} ms per page`);
      }
      const { loop } = browsed;
      console.log(`  ${verdict(loop.p99Ms <= TARGET_LOOP_P99_MS)} server event loop p99 ${loop.p99Ms} ms (10 ms resolution, as /healthz: an idle loop reads about 10 ms; target <= ${TARGET_LOOP_P99_MS} ms), max ${loop.maxMs} ms`);
      console.log(
        `  ${verdict(loop.longestMs <= TARGET_LONGEST_BLOCK_MS)} longest the server's loop was held (1 ms resolution): ${loop.longestMs} ms (target: no single query over ${TARGET_LONGEST_BLOCK_MS} ms; this bounds any query run on the loop, and also counts rendering and the export)`,
      );
    } finally {
      const stopped = await server.stop();
      console.log(`  SIGTERM: ${stopped < 0 ? "FAIL: processes still alive after 20 s (killed)" : `every process gone after ${stopped.toFixed(1)} s`}`);
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}
