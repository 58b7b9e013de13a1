// The embedded database's own process (docs/decisions/163): PGlite on the app's data folder,
// served over the PostgreSQL wire protocol on a Unix socket by @electric-sql/pglite-socket, so
// its query work runs here and not on the app's event loop. Started by embedded-postgres.server.ts
// with an IPC channel:
//   argv: <data folder | "memory://"> <socket folder> [--init]
//   --init: create the data folder's cluster (initdb) and exit. initdb's WebAssembly memory stays
//   mapped for the life of the process that ran it (about 300 MB more RSS), so the serving
//   process is always a fresh one.
//   Otherwise it serves, says { type: "listening" } and stops on { type: "stop" }, or when the
//   app's process is gone (the channel closes).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { embeddedStartParams } from "./embedded-settings";

/** The file name node-postgres connects to for host=<folder>, port=5432. */
export const SOCKET_FILE = ".s.PGSQL.5432";

const [location, socketFolder] = process.argv.slice(2);
const initOnly = process.argv.includes("--init");
const dataDir = location === "memory://" ? undefined : location;

function tell(message: { type: string; message?: string }) {
  if (process.connected) process.send?.(message);
}

async function main() {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { startParams: embeddedStartParams(PGlite.defaultStartParams) });
  if (initOnly) {
    await db.close();
    process.exit(0);
  }
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketFolder, SOCKET_FILE),
    // The app holds one connection (PGlite runs one session; a pool of one serialises its
    // transactions). A second is let in so a reconnect is not refused while the old one is
    // still being torn down.
    maxConnections: 2,
  });
  await server.start();

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      try {
        await server.stop();
        // Closing PGlite checkpoints the data folder: the next start needs no recovery.
        await db.close();
        process.exit(0);
      } catch (error) {
        console.error("[db] the embedded database did not close cleanly:", error);
        process.exit(1);
      }
    })());
  process.on("message", (message: { type?: string }) => {
    if (message?.type === "stop") void stop();
  });
  // The app's process is gone (killed, crashed): nobody is left to stop us.
  process.on("disconnect", () => void stop());
  // Ctrl-C and a SIGTERM to the process group reach us too; the app is draining and still
  // queries while it does, then stops us itself. If it never does, we stop when its force-exit
  // (10 s) closes the channel, or after 15 s at the latest.
  const onSignal = () => setTimeout(() => void stop(), 15_000).unref();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  tell({ type: "listening" });
}

main().catch((error: unknown) => {
  tell({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  console.error("[db] the embedded database could not start:", error);
  process.exit(1);
});
