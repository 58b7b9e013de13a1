// A socket.io hub with the chat handlers on a random local port, for the chat tests that listen
// to what reaches each socket. Registers its own beforeAll/afterAll in the calling describe.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import type { AppContext } from "~/config/context";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { attachChatSocketHandlers } from "~/realtime/chat.server";
import { hubOptionsFor } from "./context";

export interface LiveChat {
  /** The hub; set once the describe's beforeAll ran. */
  readonly hub: RealtimeHub;
  /** The test context with this hub, so services emit to these sockets. */
  readonly live: AppContext;
  socketFor(who: { cookie: string }): Promise<Socket>;
  record(socket: Socket): { event: string; payload: Record<string, unknown> }[];
  /** Waits until a marker sent after everything else arrives: what came before it is all there is. */
  settle(socket: Socket, userId: number): Promise<void>;
}

export function useLiveChat(context: () => AppContext): LiveChat {
  let hub: RealtimeHub;
  let url = "";
  let live: AppContext;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const server = http.createServer();
    hub = createRealtimeHub({ httpServer: server, ...hubOptionsFor(context()) });
    attachChatSocketHandlers(hub.io);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    live = { ...context(), hub };
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await hub?.close();
  });
  return {
    get hub() {
      return hub;
    },
    get live() {
      return live;
    },
    async socketFor(who) {
      const socket = connect(url, { transports: ["websocket"], reconnection: false, extraHeaders: { Cookie: who.cookie } });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    },
    record(socket) {
      const seen: { event: string; payload: Record<string, unknown> }[] = [];
      socket.onAny((event, payload) => seen.push({ event, payload }));
      return seen;
    },
    async settle(socket, userId) {
      const marker = new Promise((resolve) => socket.once("test-marker", resolve));
      hub.emitToUser(userId, "test-marker", {});
      await marker;
    },
  };
}
