// Child processes for benches: a .ts module run by tsx in its own Node process (so its
// process.cpuUsage() is its own), talked to over IPC with typed { type } messages.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface BenchMessage {
  type: string;
}

export interface BenchChild {
  readonly name: string;
  readonly process: ChildProcess;
  send<T extends BenchMessage>(message: T): void;
  /** Resolves with the next message of this type; rejects on timeout or early exit. */
  next<T extends BenchMessage>(type: string, timeoutMs: number): Promise<T>;
  /** Asks the child to exit, then kills it if it has not within graceMs. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ChildProcess>();

/** Every child still alive is killed when the parent exits, whatever the reason. */
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

export function spawnTsChild(
  name: string,
  module: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  nodeArgs: string[] = []
): BenchChild {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.resolve(module), ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  live.add(child);
  const inbox: BenchMessage[] = [];
  const waiters: { type: string; resolve: (m: BenchMessage) => void }[] = [];
  let exited: string | null = null;
  const failures = new Set<(error: Error) => void>();

  child.on("message", (raw) => {
    const message = raw as BenchMessage;
    if (message.type === "error") {
      const error = new Error(`${name}: ${String((message as { message?: unknown }).message)}`);
      for (const fail of failures) fail(error);
      return;
    }
    const index = waiters.findIndex((w) => w.type === message.type);
    if (index >= 0) waiters.splice(index, 1)[0].resolve(message);
    else inbox.push(message);
  });
  child.on("exit", (code, signal) => {
    live.delete(child);
    exited = `${name} exited (code ${code}, signal ${signal})`;
    for (const fail of failures) fail(new Error(exited));
  });

  return {
    name,
    process: child,
    send<T extends BenchMessage>(message: T) {
      if (child.connected) child.send(message);
    },
    next<T extends BenchMessage>(type: string, timeoutMs: number): Promise<T> {
      const queued = inbox.findIndex((m) => m.type === type);
      if (queued >= 0) return Promise.resolve(inbox.splice(queued, 1)[0] as T);
      if (exited) return Promise.reject(new Error(exited));
      return new Promise<T>((resolve, reject) => {
        const waiter = {
          type,
          resolve: (m: BenchMessage) => {
            clearTimeout(timer);
            failures.delete(fail);
            resolve(m as T);
          },
        };
        const fail = (error: Error) => {
          clearTimeout(timer);
          failures.delete(fail);
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          reject(error);
        };
        const timer = setTimeout(() => fail(new Error(`${name}: no "${type}" within ${timeoutMs} ms`)), timeoutMs);
        waiters.push(waiter);
        failures.add(fail);
      });
    },
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      if (child.connected) child.send({ type: "exit" });
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** In a child: the IPC side. Messages from the parent by type; exits when the parent goes. */
export function parentChannel() {
  type Handler = (message: BenchMessage & Record<string, unknown>) => void | Promise<void>;
  if (!process.send) throw new Error("run this module through the bench orchestrator (needs an IPC channel)");
  const handlers = new Map<string, Handler>();
  process.on("message", (raw) => {
    const message = raw as BenchMessage & Record<string, unknown>;
    const handler = handlers.get(message.type);
    if (!handler) return;
    Promise.resolve(handler(message)).catch((error: unknown) => {
      reply({ type: "error", message: error instanceof Error ? error.stack ?? error.message : String(error) });
    });
  });
  // The orchestrator died or closed the channel: nothing left to report to.
  process.on("disconnect", () => process.exit(0));
  function reply<T extends BenchMessage>(message: T) {
    process.send?.(message);
  }
  return {
    on(type: string, handler: Handler) {
      handlers.set(type, handler);
    },
    send: reply,
    fail(error: unknown) {
      reply({ type: "error", message: error instanceof Error ? error.stack ?? error.message : String(error) });
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
