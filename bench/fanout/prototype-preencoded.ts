// PROTOTYPE (bench only, not the app): LivePrices.deliver with each symbol's payload
// JSON-encoded once per frame instead of once per socket. Per socket it only joins the
// pre-encoded parts of its symbols into a socket.io EVENT packet and hands the string to
// engine.io (socket.conn.write, public API), skipping socket.io-parser's per-socket
// hasBinary walk + JSON.stringify. Same wire format, same volatile rule, same clients.
// Installed by server.ts for the "socketio-preencoded" kind, to size the change for the lead.
import type { Socket } from "socket.io";
import { LivePrices, type LivePricesOptions } from "~/realtime/live-prices.server";
import { SERVER_EVENTS, type SymbolTickPayload } from "~/realtime/events";

/** socket.io protocol v5: EVENT ("2") on the main namespace, then the JSON args array. */
const PACKET_HEAD = `2[${JSON.stringify(SERVER_EVENTS.symbolTick)},[`;
const PACKET_TAIL = "]]";

interface Internals {
  options: LivePricesOptions;
  clients: WeakMap<Socket, { subs: Set<string> }>;
}

export function installPreEncodedDeliver(): void {
  LivePrices.prototype.deliver = function (this: LivePrices, frame: SymbolTickPayload[]) {
    const self = this as unknown as Internals;
    const encoded = new Map<string, string>();
    for (const payload of frame) {
      self.options.liveBook.set(payload.tickData);
      encoded.set(payload.tickData.symbolCode, JSON.stringify(payload));
    }
    for (const socket of self.options.io.of("/").sockets.values()) {
      const state = self.clients.get(socket);
      if (!state || state.subs.size === 0) continue;
      let body = "";
      if (state.subs.size < encoded.size) {
        for (const code of state.subs) {
          const part = encoded.get(code);
          if (part !== undefined) body = body === "" ? part : `${body},${part}`;
        }
      } else {
        for (const [code, part] of encoded) {
          if (state.subs.has(code)) body = body === "" ? part : `${body},${part}`;
        }
      }
      if (body === "") continue;
      // What socket.volatile.emit checks: an open connection whose transport is not busy.
      const conn = socket.conn;
      if (conn.readyState !== "open" || !conn.transport.writable) continue;
      conn.write(PACKET_HEAD + body + PACKET_TAIL);
    }
  };
}
