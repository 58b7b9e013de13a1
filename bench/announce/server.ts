// The announce bench's server, in its own process (so process.cpuUsage() is its own): the real
// hub (createRealtimeHub) with STAFF sockets of role 3 and CUSTOMERS of role 4, told of trade
// changes the way recordTradeChange tells them (tradeNotificationTargets: four events per
// change), either through the hub (emitToAudience) or through socket.io's own broadcast (the
// hub's path before docs/decisions/177). Driven over IPC: start, round, exit.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRealtimeHub } from "~/realtime/hub.server";
import { roomForRole, roomForUser } from "~/realtime/events";
import { tradeNotificationTargets, type TradeChange } from "~/domain/trade-notifications";
import type { SessionUser } from "~/models/auth-session.server";
import type { RoleId } from "~/domain/access";
import { parentChannel, sleep } from "../lib/child";

export type AnnouncePath = "socket.io" | "hub";
export interface RoundAsked {
  type: "round";
  path: AnnouncePath;
  changes: number;
  perSecond: number;
  owners: number[];
}
export interface RoundDone {
  type: "round-done";
  path: AnnouncePath;
  cpuMs: number;
}

const channel = parentChannel();
const httpServer = http.createServer();
const hub = createRealtimeHub({
  httpServer,
  // "Bearer bench-<role>-<id>": a user of that role.
  authenticate: async ({ authorization }) => {
    const match = authorization ? /^Bearer bench-([34])-(\d+)$/.exec(authorization) : null;
    if (!match) return null;
    const id = Number(match[2]);
    const user: SessionUser = {
      sessionId: `bench-${id}`,
      id,
      name: `Bench ${id}`,
      username: `bench${id}`,
      email: `bench${id}@example.com`,
      roleId: Number(match[1]) as RoleId,
      authenticatedAt: new Date(),
      totpEnabledAt: null,
    };
    return user;
  },
  symbolAccess: async () => "all",
});

const CHANGES: readonly TradeChange[] = ["created", "updated", "closed"];

function announce(path: AnnouncePath, n: number, ownerId: number) {
  const change = CHANGES[n % CHANGES.length];
  const payload = { change, tradeId: n, userId: ownerId, symbolCode: "NIFTY-I", tradeType: "BUY", message: `Trade #${n} of NIFTY-I ${change}` };
  for (const target of tradeNotificationTargets(change, ownerId)) {
    if (path === "hub") hub.emitToAudience(target, target.event, payload);
    else hub.io.to([...target.roles.map(roomForRole), ...target.userIds.map(roomForUser)]).emit(target.event as never, payload as never);
  }
}

channel.on("start", async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  channel.send({ type: "ready", port: (httpServer.address() as AddressInfo).port });
});

channel.on("round", async (message) => {
  const { path, changes, perSecond, owners } = message as unknown as RoundAsked;
  const perBatch = Math.max(1, Math.round(perSecond / 100));
  const started = process.cpuUsage();
  for (let n = 0; n < changes; n += perBatch) {
    // A batch every 10 ms, as trade changes arrive one request at a time.
    for (let k = n; k < Math.min(changes, n + perBatch); k++) announce(path, k, owners[k % owners.length]);
    await sleep(10);
  }
  // The writes the last batch queued go out; the clients' reads do not count here.
  await sleep(200);
  const used = process.cpuUsage(started);
  channel.send({ type: "round-done", path, cpuMs: (used.user + used.system) / 1000 } satisfies RoundDone);
});

channel.on("exit", async () => {
  await hub.close();
  process.exit(0);
});
