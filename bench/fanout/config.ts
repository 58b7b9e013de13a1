// What the fanout bench runs, shared by the orchestrator, the servers and the client process.

export const FANOUT = {
  clients: positiveInt(process.env.FANOUT_CLIENTS, 1000),
  seconds: positiveInt(process.env.FANOUT_SECONDS, 20),
  /** Rounds of both servers, the order alternating; the CPU ratio is their median. */
  rounds: positiveInt(process.env.FANOUT_ROUNDS, 1),
  warmupMs: 3000,
  /** After the window the feed stops; clients get this long to receive the last frame. */
  drainMs: 1000,
  symbols: 200,
  subsPerClient: 10,
  ticksPerSecond: 800,
  /** The feed emits a batch every batchMs: ticksPerSecond * batchMs / 1000 ticks. */
  batchMs: 10,
  /** The engine's frame and LivePrices' per-socket hold (FANOUT_FRAME_MS, FANOUT_HOLD_MS); the project's defaults when unset. */
  frameMs: optionalInt(process.env.FANOUT_FRAME_MS),
  holdMs: optionalInt(process.env.FANOUT_HOLD_MS),
  seed: 20240601,
  /** Targets (issue text). */
  targets: { coverage: 1, p99Ms: 60, cpuRatio: 0.5 },
} as const;

export type ServerKind = "socketio" | "ws";

export const SERVER_LABELS: Record<ServerKind, string> = {
  socketio: "socket.io (project, per-socket batches)",
  ws: "bare ws (one message per tick)",
};

/** FANOUT_SERVERS picks the servers (default the two of the issue); ws is always measured. */
export function serverKinds(): ServerKind[] {
  const asked = (process.env.FANOUT_SERVERS ?? "socketio,ws").split(",").map((k) => k.trim());
  const kinds = asked.filter((k): k is ServerKind => k in SERVER_LABELS);
  if (!kinds.includes("ws")) kinds.push("ws");
  return kinds;
}

function optionalInt(raw: string | undefined): number | undefined {
  const n = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Symbol codes, sorted as the engine lists them (by code). */
export function symbolCodes(count: number = FANOUT.symbols): string[] {
  return Array.from({ length: count }, (_, i) => `BENCH${String(i).padStart(3, "0")}`);
}

/** mulberry32: small, fast and deterministic for a seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Each client's symbol indexes. Every round of symbols/subsPerClient clients deals a fresh
 * shuffle of all symbols, so every symbol has clients*subs/symbols subscribers (50 for the
 * defaults) and almost no two clients share a set (as with real watchlists).
 */
export function dealSubscriptions(
  clients: number,
  symbols: number = FANOUT.symbols,
  per: number = FANOUT.subsPerClient,
  seed: number = FANOUT.seed
): number[][] {
  const random = prng(seed ^ 0x5eed);
  const deck = Array.from({ length: symbols }, (_, i) => i);
  const out: number[][] = [];
  let pos = symbols;
  for (let c = 0; c < clients; c++) {
    if (pos + per > symbols) {
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
      pos = 0;
    }
    out.push(deck.slice(pos, pos + per));
    pos += per;
  }
  return out;
}

/** IPC messages. */
export interface ServerReady {
  type: "ready";
  port: number;
  setupMs: number;
}
export interface WindowStarted {
  type: "window-started";
  t0: number;
  counts: number[];
}
export interface WindowEnded {
  type: "window-ended";
  t1: number;
  counts: number[];
  elapsedMs: number;
  cpuUserUs: number;
  cpuSystemUs: number;
  /** socketio: the embedded database's process, in the same window (0 for ws). */
  databaseCpuUs: number;
  loopDelayP99Ms: number;
  rssMb: number;
  ticksEmitted: number;
  lateBatches: number;
  gc: { count: number; totalMs: number; maxMs: number };
  /** socket.io only: each synchronous run of socket writes (LivePrices.flushDue). */
  frameFanout: { count: number; p50Ms: number; maxMs: number } | null;
  /** The machine's 1-minute load average at the end of the window (other work skews latency). */
  loadAverage: number;
  notes: string[];
}
export interface ClientsReady {
  type: "ready";
  connected: number;
  connectMs: number;
}
export interface ClientsReport {
  type: "report";
  offered: number;
  covered: number;
  /** Clients that missed at least one offered tick. */
  shortClients: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  messages: number;
  quotes: number;
  disconnected: number;
  clientCpuPercent: number;
}
