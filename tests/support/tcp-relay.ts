// A TCP relay in front of a real server (PostgreSQL), for fault tests: cut() destroys every
// piped connection at once (as a dead network or a killed proxy would) and refuses new ones
// until restore(). Nothing is stopped on the real server itself.
import net from "node:net";

export interface TcpRelay {
  port: number;
  /** The target URL with its host and port replaced by the relay's. */
  urlFor(targetUrl: string): string;
  /** Live sockets (both sides of each piped connection). */
  connections(): number;
  /** Connections accepted so far, refused ones included. */
  accepted(): number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let cut = false;
  let accepted = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // An abrupt end on one side is expected here; the other side is destroyed with it.
    socket.on("error", () => {});
  };
  const server = net.createServer((client) => {
    accepted++;
    track(client);
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    connections: () => sockets.size,
    accepted: () => accepted,
    cut: () => {
      cut = true;
      // RST rather than FIN: the client sees the connection die mid-stream.
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore: () => {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut = true;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
