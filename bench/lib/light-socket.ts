// A socket.io client for many virtual users (bench/load, bench/pages) that costs the bench
// almost nothing: the Engine.IO v4 / Socket.IO v5 text protocol spoken over `ws` directly,
// counting the live-price frames without decoding them. socket.io-client decodes every frame
// it receives; with 200 clients and ~5,000 frames a second that kept the bench's own process
// at 100 % of a core, so the bench measured itself instead of the server. The server is the
// real one, unchanged.
import { loadWs } from "./ws";

const { WebSocket } = loadWs("engine.io-client");

export interface LightSocket {
  /** Sends an event with an acknowledgement and resolves with the ack's first argument. */
  emitWithAck(event: string, payload: unknown, timeoutMs: number): Promise<unknown>;
  close(): void;
}

/**
 * Opens the socket the way a browser's socket.io-client does (handshake, namespace connect,
 * pings answered) and counts each `event` frame through onEvent.
 */
export function openLightSocket(base: string, headers: Record<string, string>, event: string, onEvent: () => void): Promise<LightSocket> {
  const url = `${base.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { headers });
  const eventPrefix = `42["${event}"`;
  const acks = new Map<number, (value: unknown) => void>();
  let nextAck = 1;
  return new Promise((resolve, reject) => {
    let connected = false;
    ws.on("error", (error: Error) => {
      if (!connected) reject(error);
    });
    ws.on("message", (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith(eventPrefix)) return onEvent();
      if (text === "2") return ws.send("3"); // ping -> pong
      if (text.startsWith("0")) return ws.send("40"); // Engine.IO open -> connect the namespace
      if (text.startsWith("40")) {
        connected = true;
        return resolve({
          emitWithAck(name, payload, timeoutMs) {
            const id = nextAck++;
            ws.send(`42${id}${JSON.stringify([name, payload])}`);
            return new Promise((done, fail) => {
              const timer = setTimeout(() => {
                acks.delete(id);
                fail(new Error(`${name}: no acknowledgement in ${timeoutMs} ms`));
              }, timeoutMs);
              acks.set(id, (value) => {
                clearTimeout(timer);
                done(value);
              });
            });
          },
          close: () => ws.close(),
        });
      }
      if (text.startsWith("44")) return reject(new Error(`connection refused: ${text.slice(2)}`));
      const ack = /^43(\d+)(.*)$/s.exec(text);
      if (ack) {
        const answer = acks.get(Number(ack[1]));
        acks.delete(Number(ack[1]));
        answer?.((JSON.parse(ack[2]) as unknown[])[0]);
      }
    });
  });
}
