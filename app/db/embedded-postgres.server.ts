// Starts and stops the embedded database's own process (embedded-postgres.process.ts,
// docs/decisions/163): the app then reaches it with node-postgres over a Unix socket in a
// private temp folder, as it reaches PostgreSQL.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface EmbeddedPostgres {
  /** node-postgres' `host` for it: the folder holding the socket (port 5432). */
  socketFolder: string;
  process: ChildProcess;
  /** Asks it to checkpoint and exit; kills it if it has not within graceMs. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartEmbeddedPostgresOptions {
  /** Told when the process ends without being asked to (the app has lost its database). */
  onUnexpectedExit?: (description: string) => void;
}

/**
 * V8 flags of the database's process (docs/decisions/163). --no-liftoff: PGlite's WebAssembly is
 * compiled once, by the optimising compiler, instead of first by the baseline compiler and then
 * again for the hot functions; both tiers' code stayed resident (25-45 MB more RSS in a probe)
 * for no faster steady state. --max-semi-space-size=2: its JavaScript only moves protocol
 * buffers, so a small young generation (2 MB semi-spaces, not 16) is plenty.
 */
export const EMBEDDED_PROCESS_NODE_FLAGS: readonly string[] = ["--no-liftoff", "--max-semi-space-size=2"];

/**
 * The process's entry: the bundle beside dist/server.js in a build, else the TypeScript source
 * run through tsx (`npm run dev`, the tests, the benches).
 */
function processEntry(): { file: string; execArgv: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = (file: string) => ({ file, execArgv: [...EMBEDDED_PROCESS_NODE_FLAGS] });
  const source = (file: string) => ({ file, execArgv: [...EMBEDDED_PROCESS_NODE_FLAGS, "--import", "tsx"] });
  // Beside this module first (the bundle in dist/, or the source when run from source, so
  // `npm run dev` never runs a stale build), then from the project root.
  const candidates = [
    built(path.join(here, "embedded-postgres.js")),
    source(path.join(here, "embedded-postgres.process.ts")),
    built(path.resolve(process.cwd(), "dist/embedded-postgres.js")),
    source(path.resolve(process.cwd(), "app/db/embedded-postgres.process.ts")),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate.file));
  if (found) return found;
  throw new Error("the embedded database's process (dist/embedded-postgres.js) was not found: run `npm run build`");
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/** A data folder with no cluster yet gets one from a process of its own (see the process's --init). */
async function initialiseIfEmpty(dataDir: string | undefined, entry: { file: string; execArgv: string[] }): Promise<void> {
  if (!dataDir || fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const child = fork(entry.file, [dataDir, "", "--init"], { execArgv: entry.execArgv, stdio: "inherit" });
  const [code, signal] = (await new Promise((resolve) => child.once("exit", (...args) => resolve(args)))) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`the embedded database could not create its data folder ${dataDir} (${describeExit(code, signal)})`);
}

/** Starts PGlite on `dataDir` (undefined: in memory) in its own process and waits until it listens. */
export async function startEmbeddedPostgres(dataDir: string | undefined, options: StartEmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const entry = processEntry();
  await initialiseIfEmpty(dataDir, entry);
  // Only this user may reach the socket: the server behind it asks for no password.
  const socketFolder = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-"));
  const child = fork(entry.file, [dataDir ?? "memory://", socketFolder], { execArgv: entry.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let stopRequested = false;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      fs.rmSync(socketFolder, { recursive: true, force: true });
      if (!stopRequested) options.onUnexpectedExit?.(describeExit(code, signal));
      resolve();
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.on("message", (message: { type?: string; message?: string }) => {
        if (message?.type === "listening") resolve();
        if (message?.type === "failed") reject(new Error(`the embedded database could not start: ${message.message}`));
      });
      child.once("exit", (code, signal) => reject(new Error(`the embedded database exited before listening (${describeExit(code, signal)})`)));
    });
  } catch (error) {
    stopRequested = true;
    child.kill("SIGKILL");
    await exited;
    throw error;
  }
  return {
    socketFolder,
    process: child,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopRequested = true;
      if (child.connected) child.send({ type: "stop" });
      else child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
