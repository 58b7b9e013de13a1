// `ws` is not a direct dependency; socket.io's engine.io brings it. Load the very copy
// engine.io uses, so the bare-ws baseline and socket.io sit on the same WebSocket code.
import { createRequire } from "node:module";
import path from "node:path";

export type WsModule = typeof import("ws");

export function loadWs(from: "engine.io" | "engine.io-client" = "engine.io"): WsModule {
  const root = createRequire(path.resolve("package.json"));
  try {
    return createRequire(root.resolve(from))("ws") as WsModule;
  } catch {
    return root("ws") as WsModule;
  }
}
