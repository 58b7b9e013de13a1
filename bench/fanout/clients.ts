// The fanout bench's clients, all in one process apart from the server: FANOUT_CLIENTS
// socket.io-client sockets (or plain ws sockets for the baseline), each subscribed to its
// dealt symbols. For every quote/tick received it records the latency (receive time - tick
// time, same machine clock) and the highest tick count seen per symbol: a quote whose
// volume (socket.io) or seq (ws) is n covers that symbol's ticks up to n.
import { io as connectSocketIo, type Socket } from "socket.io-client";
import type { SymbolTickPayload } from "~/realtime/events";
import { parentChannel, sleep } from "../lib/child";
import { loadWs } from "../lib/ws";
import { FANOUT, dealSubscriptions, symbolCodes, type ClientsReady, type ClientsReport, type ServerKind } from "./config";

const kind = process.argv[2] as ServerKind;
const port = Number(process.argv[3]);
const channel = parentChannel();
const codes = symbolCodes();
const indexOf = new Map(codes.map((c, i) => [c, i]));
const S = codes.length;
const subscriptions = dealSubscriptions(FANOUT.clients);
/** maxSeen[client * S + symbol]: highest tick count of the symbol this client has received. */
const maxSeen = new Float64Array(FANOUT.clients * S);

/** Latency samples with the tick time, to keep those of ticks emitted in the window. */
class Samples {
  latency = new Float64Array(1 << 20);
  time = new Float64Array(1 << 20);
  length = 0;
  add(latency: number, time: number) {
    if (this.length === this.latency.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.latency = grow(this.latency);
      this.time = grow(this.time);
    }
    this.latency[this.length] = latency;
    this.time[this.length++] = time;
  }
}
const samples = new Samples();
let messages = 0;
let quotes = 0;
let ready = false;
let disconnected = 0;
const closers: (() => void)[] = [];

function seen(client: number, code: string, count: number, time: number, now: number) {
  const i = indexOf.get(code);
  if (i === undefined) return;
  const slot = client * S + i;
  if (count > maxSeen[slot]) maxSeen[slot] = count;
  quotes++;
  samples.add(now - time, time);
}

function openSocketIo(client: number): Promise<void> {
  const socket: Socket = connectSocketIo(`http://127.0.0.1:${port}`, {
    transports: ["websocket"],
    forceNew: true, // one connection per client, not one multiplexed Manager
    reconnection: false,
    timeout: 10_000,
    auth: { token: `bench-${client}` },
  });
  closers.push(() => socket.disconnect());
  socket.on("getServerSymbol", (batch: SymbolTickPayload[]) => {
    const now = Date.now();
    messages++;
    for (const payload of batch) seen(client, payload.tickData.symbolCode, payload.tickData.volume, payload.tickData.time, now);
  });
  socket.on("disconnect", () => {
    if (ready) disconnected++;
  });
  return new Promise<void>((resolve, reject) => {
    socket.once("connect_error", reject);
    socket.once("connect", () => {
      const subs = subscriptions[client].map((i) => codes[i]);
      socket
        .timeout(10_000)
        .emitWithAck("SubAdd", { subs })
        .then((answer: { ok: boolean; subscribed: string[]; message?: string }) => {
          if (!answer.ok || answer.subscribed.length !== subs.length) reject(new Error(`SubAdd refused: ${JSON.stringify(answer)}`));
          else resolve();
        }, reject);
    });
  });
}

const ws = loadWs("engine.io-client");
function openWs(client: number): Promise<void> {
  const socket = new ws.WebSocket(`ws://127.0.0.1:${port}`);
  closers.push(() => socket.terminate());
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("ws connect timeout")), 10_000);
    socket.once("error", reject);
    socket.once("open", () => socket.send(JSON.stringify({ subs: subscriptions[client].map((i) => codes[i]) })));
    socket.once("message", () => {
      clearTimeout(timer);
      socket.on("message", (data) => {
        const now = Date.now();
        messages++;
        const tick = JSON.parse(String(data)) as { code: string; price: number; time: number; seq: number };
        seen(client, tick.code, tick.seq, tick.time, now);
      });
      resolve();
    });
    socket.on("close", () => {
      if (ready) disconnected++;
    });
  });
}

async function connectAll(): Promise<void> {
  const open = kind === "ws" ? openWs : openSocketIo;
  let next = 0;
  const worker = async () => {
    while (next < FANOUT.clients) await open(next++);
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

let windowCpu: { start: NodeJS.CpuUsage; at: number; percent: number } | null = null;

channel.on("window-start", () => {
  windowCpu = { start: process.cpuUsage(), at: performance.now(), percent: 0 };
});
channel.on("window-end", () => {
  if (!windowCpu) return;
  const cpu = process.cpuUsage(windowCpu.start);
  windowCpu.percent = ((cpu.user + cpu.system) / 1000 / (performance.now() - windowCpu.at)) * 100;
});

channel.on("report", (message) => {
  const { t0, t1, counts0, counts1 } = message as unknown as { t0: number; t1: number; counts0: number[]; counts1: number[] };
  let offered = 0;
  let covered = 0;
  let shortClients = 0;
  for (let c = 0; c < FANOUT.clients; c++) {
    let short = false;
    for (const i of subscriptions[c]) {
      const want = counts1[i] - counts0[i];
      const got = Math.min(Math.max(maxSeen[c * S + i], counts0[i]), counts1[i]) - counts0[i];
      offered += want;
      covered += got;
      if (got < want) short = true;
    }
    if (short) shortClients++;
  }
  const kept: number[] = [];
  for (let k = 0; k < samples.length; k++) {
    const time = samples.time[k];
    if (time >= t0 && time <= t1) kept.push(samples.latency[k]);
  }
  const sorted = Float64Array.from(kept).sort();
  const at = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
  const report: ClientsReport = {
    type: "report",
    offered,
    covered,
    shortClients,
    samples: sorted.length,
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
    messages,
    quotes,
    disconnected,
    clientCpuPercent: windowCpu?.percent ?? NaN,
  };
  channel.send(report);
});

channel.on("exit", async () => {
  for (const close of closers) close();
  await sleep(200);
  process.exit(0);
});

const started = performance.now();
connectAll()
  .then(() => {
    ready = true;
    const message: ClientsReady = { type: "ready", connected: FANOUT.clients, connectMs: performance.now() - started };
    channel.send(message);
  })
  .catch((error) => {
    channel.fail(error);
    setTimeout(() => process.exit(1), 100);
  });
