// bench/announce: what telling a trade change costs the server (docs/decisions/177). A trade
// change is four events (trade-notification-user, -all, -admin-employee, -customer-employee;
// app/domain/trade-notifications.ts) to the owner and every staff socket. The hub gathers one
// run's events and writes each socket's in one write; socket.io's own broadcast (the hub's path
// before) writes each event on its own. Both are measured in the same server process, in
// alternating rounds, on the same sockets; the figure is the hub's CPU per change over socket.io's.
import { spawnTsChild } from "../lib/child";
import { openLightSocket, type LightSocket } from "../lib/light-socket";
import type { AnnouncePath, RoundAsked, RoundDone } from "./server";

export const description = "CPU per trade change told to 200 staff sockets: the hub's gathered writes vs socket.io's broadcast, side by side";

const STAFF = Number(process.env.ANNOUNCE_STAFF ?? 200);
const CUSTOMERS = Number(process.env.ANNOUNCE_CUSTOMERS ?? 50);
const ROUNDS = Number(process.env.ANNOUNCE_ROUNDS ?? 8);
const CHANGES = Number(process.env.ANNOUNCE_CHANGES ?? 200);
const PER_SECOND = Number(process.env.ANNOUNCE_PER_SECOND ?? 50);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const server = spawnTsChild("announce server", "bench/announce/server.ts", [], { NODE_ENV: "production" });
  const sockets: LightSocket[] = [];
  try {
    server.send({ type: "start" });
    const { port } = await server.next<{ type: string; port: number }>("ready", 60_000);
    const base = `http://127.0.0.1:${port}`;
    // Every staff socket hears -all of every change; a customer only of its own trades.
    const heard = { n: 0 };
    const customerIds = Array.from({ length: CUSTOMERS }, (_, i) => 10_000 + i);
    for (let i = 0; i < STAFF; i++) sockets.push(await openLightSocket(base, { Authorization: `Bearer bench-3-${i + 1}` }, "trade-notification-all", () => (heard.n += 1)));
    for (const id of customerIds) sockets.push(await openLightSocket(base, { Authorization: `Bearer bench-4-${id}` }, "trade-notification-all", () => (heard.n += 1)));
    console.log(`announce: ${STAFF} staff and ${CUSTOMERS} customer sockets, ${ROUNDS} rounds of ${CHANGES} trade changes per path at ${PER_SECOND}/s (ANNOUNCE_STAFF, ANNOUNCE_CUSTOMERS, ANNOUNCE_ROUNDS, ANNOUNCE_CHANGES, ANNOUNCE_PER_SECOND)`);
    const cpu = new Map<AnnouncePath, number[]>([["socket.io", []], ["hub", []]]);
    const missed = new Map<AnnouncePath, number>([["socket.io", 0], ["hub", 0]]);
    for (let round = 0; round <= ROUNDS; round++) {
      const order: AnnouncePath[] = round % 2 === 0 ? ["socket.io", "hub"] : ["hub", "socket.io"];
      for (const path of order) {
        heard.n = 0;
        server.send({ type: "round", path, changes: CHANGES, perSecond: PER_SECOND, owners: customerIds } satisfies RoundAsked);
        const done = await server.next<RoundDone>("round-done", 120_000);
        // Each change's -all reaches every staff socket and its owner's.
        const expected = CHANGES * (STAFF + 1);
        const deadline = Date.now() + 5_000;
        while (heard.n < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        if (round === 0) continue; // warm-up
        cpu.get(path)!.push(done.cpuMs / CHANGES);
        missed.set(path, missed.get(path)! + Math.max(0, expected - heard.n));
      }
    }
    const io = median(cpu.get("socket.io")!);
    const hub = median(cpu.get("hub")!);
    console.log(`  socket.io broadcast, each event on its own: ${(io * 1000).toFixed(0)} µs of server CPU per trade change (median of ${ROUNDS})`);
    console.log(`  hub, one write per socket per run:          ${(hub * 1000).toFixed(0)} µs`);
    console.log(`  hub / socket.io: ${(hub / io).toFixed(2)}x; -all events not received: socket.io ${missed.get("socket.io")}, hub ${missed.get("hub")}`);
  } finally {
    for (const s of sockets) s.close();
    server.send({ type: "exit" });
    await server.stop(5_000);
  }
}
