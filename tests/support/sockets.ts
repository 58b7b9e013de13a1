// Real socket.io for the integration tests: the hub on an HTTP server listening on a loopback
// port (as server.ts wires it, optionally with the market behind it), and clients that sign in
// with a session cookie the way a browser does.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import type { AppContext } from "~/config/context";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { startMarket, type MarketRuntime } from "~/market/market.server";
import { hubOptionsFor } from "./context";

export interface HubServer {
  server: http.Server;
  hub: RealtimeHub;
  /** The base URL clients connect to. */
  url: string;
  /** The clients close() disconnects: those open() made, and any a test adds. */
  clients: Socket[];
  /** A client of this server (see openSocket), disconnected by close(). */
  open(cookie?: string, options?: { forceNew?: boolean }): Socket;
  /** Disconnects the clients, stops what runs behind the hub, then closes the hub. */
  close(): Promise<void>;
}

export type MarketServer = HubServer & { market: MarketRuntime };

function served(server: http.Server, hub: RealtimeHub, url: string, stopBehind: () => Promise<void> = async () => {}): HubServer {
  const clients: Socket[] = [];
  return {
    server,
    hub,
    url,
    clients,
    open(cookie, options) {
      const socket = openSocket(url, cookie, options);
      clients.push(socket);
      return socket;
    },
    async close() {
      for (const socket of clients) socket.disconnect();
      await stopBehind();
      await hub.close();
    },
  };
}

/** Listens on a free loopback port and answers the server's base URL. */
export async function listenOnLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The test context's handshake and entitlement on a hub of a listening server; `attach` wires handlers (chat) before it listens. */
export async function startHubServer(context: Pick<AppContext, "db" | "cookies">, attach?: (hub: RealtimeHub) => void): Promise<HubServer> {
  const server = http.createServer();
  const hub = createRealtimeHub({ httpServer: server, ...hubOptionsFor(context) });
  attach?.(hub);
  return served(server, hub, await listenOnLoopback(server));
}

/**
 * startHubServer with the market running behind the hub (no feed: ticks are put in by hand),
 * its engine loaded before the server listens.
 */
export async function startMarketServer(
  context: Pick<AppContext, "db" | "cookies" | "liveBook">,
  attach?: (hub: RealtimeHub) => void,
): Promise<MarketServer> {
  const server = http.createServer();
  const hub = createRealtimeHub({ httpServer: server, ...hubOptionsFor(context) });
  attach?.(hub);
  const market = await startMarket({ db: context.db, liveBook: context.liveBook, hub, openFeed: () => null, frameMs: 50, log: () => {} });
  for (let i = 0; i < 100 && !market.engine(); i++) await new Promise((r) => setTimeout(r, 20));
  return { ...served(server, hub, await listenOnLoopback(server), () => market.stop()), market };
}

/** A websocket client that sends this cookie (none: signed out) and never reconnects; not yet connected. */
export function openSocket(url: string, cookie?: string, options: { forceNew?: boolean } = {}): Socket {
  return connect(url, { transports: ["websocket"], reconnection: false, ...options, extraHeaders: cookie ? { Cookie: cookie } : {} });
}

/**
 * Resolves when the socket's handshake is accepted (at once if it already was, while the caller
 * awaited something else); rejects with the server's refusal.
 */
export function handshake(socket: Socket): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}
