// The built server (dist/server.js) started by a spec of its own, for journeys that need their
// own environment (an idle time, a picked port, a log to read) without disturbing the suite's
// server. On the in-memory database, with the feed off, in production mode as `npm start` runs.
import { spawn, type ChildProcess } from "node:child_process";
import { pollUntil } from "./support";

export interface OwnServer {
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
}

/** Spawns the built server with these variables over the test process's own (a null removes one). */
export function spawnBuiltServer(env: Record<string, string | null>): OwnServer {
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATABASE_URL: "memory://", FEED: "off" };
  for (const [name, value] of Object.entries(env)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  const child = spawn(process.execPath, ["dist/server.js"], { env: merged, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { process: child, output: () => output };
}

/** Waits until the server answers /healthz at `base` (failing at once, with its log, if it exits). */
export function waitUntilHealthy(server: OwnServer, base: string, timeout: number): Promise<true> {
  return pollUntil(
    async () => {
      if (server.process.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      return fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    },
    { timeout, message: () => `server did not start:\n${server.output()}` },
  ) as Promise<true>;
}
