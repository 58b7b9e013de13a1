// bench/fanout: live prices to many clients. For each server in turn (the project's socket.io
// path, then a bare ws baseline), the server runs in its own process and the clients in
// another; the same seeded feed, clients and window for both. Prints the figures side by side
// and the socket.io/ws ratio of server CPU per delivered tick.
import { spawnTsChild, sleep, type BenchChild } from "../lib/child";
import {
  FANOUT,
  SERVER_LABELS,
  serverKinds,
  type ClientsReady,
  type ClientsReport,
  type ServerKind,
  type ServerReady,
  type WindowEnded,
  type WindowStarted,
} from "./config";

export const description = "socket.io fan-out of live prices vs a bare ws server (delivered ticks, latency, CPU per tick)";

interface Result {
  kind: ServerKind;
  server: WindowEnded & { setupMs: number };
  clients: ClientsReport & { connectMs: number };
  seconds: number;
  deliveredPerSecond: number;
  coverage: number;
  cpuUsPerDelivered: number;
}

async function measure(kind: ServerKind): Promise<Result> {
  const children: BenchChild[] = [];
  try {
    // FANOUT_PROFILE=<dir>: the servers write V8 CPU profiles there (open in Chrome DevTools).
    const profile = process.env.FANOUT_PROFILE;
    const server = spawnTsChild(
      `${kind} server`,
      "bench/fanout/server.ts",
      [kind],
      {},
      profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []
    );
    children.push(server);
    const ready = await server.next<ServerReady>("ready", 120_000);
    const clients = spawnTsChild(`${kind} clients`, "bench/fanout/clients.ts", [kind, String(ready.port)]);
    children.push(clients);
    const connected = await clients.next<ClientsReady>("ready", 180_000);
    log(`  ${kind}: server up in ${ms(ready.setupMs)}, ${connected.connected} clients subscribed in ${ms(connected.connectMs)}`);

    server.send({ type: "feed-start" });
    await server.next("feed-started", 10_000);
    await sleep(FANOUT.warmupMs);

    server.send({ type: "window-start" });
    clients.send({ type: "window-start" });
    const start = await server.next<WindowStarted>("window-started", 10_000);
    log(`  ${kind}: measuring for ${FANOUT.seconds} s ...`);
    await sleep(FANOUT.seconds * 1000);
    server.send({ type: "window-end" });
    clients.send({ type: "window-end" });
    const end = await server.next<WindowEnded>("window-ended", 10_000);
    await sleep(FANOUT.drainMs);

    clients.send({ type: "report", t0: start.t0, t1: end.t1, counts0: start.counts, counts1: end.counts });
    const report = await clients.next<ClientsReport>("report", 60_000);
    const seconds = end.elapsedMs / 1000;
    return {
      kind,
      server: { ...end, setupMs: ready.setupMs },
      clients: { ...report, connectMs: connected.connectMs },
      seconds,
      deliveredPerSecond: report.covered / seconds,
      coverage: report.offered === 0 ? 0 : report.covered / report.offered,
      cpuUsPerDelivered: report.covered === 0 ? Infinity : (end.cpuUserUs + end.cpuSystemUs + end.databaseCpuUs) / report.covered,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}

export async function run(): Promise<void> {
  log(
    `fanout: ${FANOUT.clients} clients x ${FANOUT.subsPerClient} of ${FANOUT.symbols} symbols, feed ${FANOUT.ticksPerSecond} ticks/s, ` +
      `warm-up ${FANOUT.warmupMs / 1000} s, window ${FANOUT.seconds} s, ${
        FANOUT.rounds
      } round(s) (FANOUT_CLIENTS, FANOUT_SECONDS, FANOUT_ROUNDS)`
  );
  const rounds: Result[][] = [];
  for (let round = 0; round < FANOUT.rounds; round++) {
    // Alternate the order, so a drift in the machine's load does not always favour one side.
    const kinds = serverKinds();
    const order = round % 2 === 0 ? kinds : [...kinds].reverse();
    const results: Result[] = [];
    for (const kind of order) results.push(await measure(kind));
    if (FANOUT.rounds > 1) log(`\nround ${round + 1} of ${FANOUT.rounds}`);
    rounds.push(printRound(kinds.map((k) => results.find((r) => r.kind === k)!)));
  }
  judge(rounds);
}

/** Prints one round's table; answers its results in serverKinds() order. */
function printRound(results: Result[]): Result[] {
  const rows = [
    [
      "server",
      "delivered ticks/s",
      "coverage",
      "p50 ms",
      "p99 ms",
      "max ms",
      "server CPU us/tick",
      "server CPU %",
      "loop p99 ms",
      "msgs/s",
      "client CPU %",
    ],
    ...results.map((r) => [
      SERVER_LABELS[r.kind],
      r.deliveredPerSecond.toFixed(0),
      `${(r.coverage * 100).toFixed(3)}%`,
      r.clients.p50Ms.toFixed(1),
      r.clients.p99Ms.toFixed(1),
      r.clients.maxMs.toFixed(0),
      r.cpuUsPerDelivered.toFixed(2),
      (((r.server.cpuUserUs + r.server.cpuSystemUs + r.server.databaseCpuUs) / 1000 / r.server.elapsedMs) * 100).toFixed(0),
      r.server.loopDelayP99Ms.toFixed(1),
      (r.clients.messages / r.seconds).toFixed(0),
      r.clients.clientCpuPercent.toFixed(0),
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  log("");
  for (const [i, row] of rows.entries()) {
    log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
    if (i === 0) log(widths.map((w) => "-".repeat(w)).join("  "));
  }
  const ws = results.find((r) => r.kind === "ws")!;
  log("");
  for (const r of results) {
    if (r.kind === "ws") continue;
    log(`ratio ${r.kind} / ws, server CPU per delivered tick: ${(r.cpuUsPerDelivered / ws.cpuUsPerDelivered).toFixed(2)}x`);
  }
  for (const r of results) {
    const extra = [
      `offered ${r.clients.offered}, covered ${r.clients.covered}, clients short ${r.clients.shortClients}`,
      `latency samples ${r.clients.samples}`,
      `disconnects ${r.clients.disconnected}`,
      `feed ${(r.server.ticksEmitted / r.seconds).toFixed(0)} ticks/s (${r.server.lateBatches} batches late)`,
      `server GC ${r.server.gc.count}x, ${r.server.gc.totalMs.toFixed(0)} ms, max ${r.server.gc.maxMs.toFixed(1)} ms`,
      `server rss ${r.server.rssMb.toFixed(0)} MB`,
      ...(r.kind === "socketio" ? [`the database's process ${(r.server.databaseCpuUs / 1000).toFixed(0)} ms CPU in the window (counted in the server's CPU)`] : []),
      ...(r.server.frameFanout
        ? [
            `socket writes (LivePrices.flushDue) p50 ${r.server.frameFanout.p50Ms.toFixed(1)} ms, max ${r.server.frameFanout.maxMs.toFixed(
              1
            )} ms over ${r.server.frameFanout.count} calls`,
          ]
        : []),
      `load average ${r.server.loadAverage.toFixed(1)}`,
      ...r.server.notes,
    ];
    log(`  ${r.kind}: ${extra.join("; ")}`);
  }
  if (results.some((r) => r.clients.clientCpuPercent > 85)) {
    log("  note: the client process was near one full core; latencies include its queueing.");
  }
  return results;
}

/** Targets over all rounds: every round's coverage, the worst p99, the median CPU ratio. */
function judge(rounds: Result[][]) {
  for (const kind of serverKinds()) if (kind !== "ws") judgeKind(kind, rounds);
}

function judgeKind(kind: ServerKind, rounds: Result[][]) {
  const t = FANOUT.targets;
  const ios = rounds.map((results) => results.find((r) => r.kind === kind)!);
  const wss = rounds.map((results) => results.find((r) => r.kind === "ws")!);
  const ratios = ios.map((io, i) => io.cpuUsPerDelivered / wss[i].cpuUsPerDelivered).sort((a, b) => a - b);
  const mid = ratios.length / 2;
  const ratio = ratios.length % 2 === 1 ? ratios[Math.floor(mid)] : (ratios[mid - 1] + ratios[mid]) / 2;
  const offered = ios.reduce((n, r) => n + r.clients.offered, 0);
  const covered = ios.reduce((n, r) => n + r.clients.covered, 0);
  const p99 = Math.max(...ios.map((r) => r.clients.p99Ms));
  const several = rounds.length > 1;
  const checks: [string, boolean][] = [
    [
      `every offered tick delivered (${covered} of ${offered}, ${((covered / offered) * 100).toFixed(3)}%)`,
      offered > 0 && covered >= offered * t.coverage,
    ],
    [`p99 ${p99.toFixed(1)} ms${several ? " (worst round)" : ""} <= ${t.p99Ms} ms`, p99 <= t.p99Ms],
    [
      `server CPU per delivered tick ${ratio.toFixed(2)}x the bare-ws baseline${
        several ? ` (median of ${ratios.map((r) => r.toFixed(2)).join(", ")})` : ""
      } <= ${t.cpuRatio.toFixed(1)}x`,
      ratio <= t.cpuRatio,
    ],
  ];
  log("");
  log(`targets (${SERVER_LABELS[kind]}):`);
  for (const [label, ok] of checks) log(`  ${ok ? "PASS" : "FAIL"}  ${label}`);
}

const log = (line: string) => console.log(line);
const ms = (n: number) => `${(n / 1000).toFixed(1)} s`;
