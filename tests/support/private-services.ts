// Private, throw-away PostgreSQL and Redis servers for the fault tests, so a test can stop and
// restart them without touching the machine's shared services (other suites use those).
// Also the built app server as a child process.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { totpCodeAt } from "~/auth/totp.server";
import { DEMO_TOTP_SECRET } from "~/seed/demo-data";

/** A free TCP port on the loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string, detail = () => "") {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}\n${detail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], "bin") : null;
}

/** Why private servers cannot run here, or null when they can. */
export function privateServicesUnavailable(): string | null {
  if (!postgresBinDir()) return "no PostgreSQL server binaries under /usr/lib/postgresql";
  if (spawnSync("redis-server", ["--version"]).status !== 0) return "no redis-server on PATH";
  return null;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Stops the server at once (immediate mode: as if it crashed). */
  stop(): void;
  start(): void;
  destroy(): void;
}

/**
 * initdb into a temporary folder and start a postgres on a free port. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to the `postgres` user (runuser).
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL binaries not found");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nse-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], { encoding: "utf8" })
      : spawnSync(path.join(bin, command), args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const dataDir = path.join(dir, "data");
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]),
    destroy: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await waitUntil(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.end();
          resolve(true);
        });
        socket.on("error", () => resolve(false));
      }),
    10_000,
    "redis-server to listen",
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        // exitCode stays null for a process ended by a signal: check both.
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGKILL");
      }),
  };
}

export interface AppProcess {
  base: string;
  port: number;
  /** The server's process id (with WEB_CONCURRENCY > 1, the cluster's primary). */
  pid: number;
  output: () => string;
  kill(): void;
}

export interface SpawnedApp extends AppProcess {
  /** Whether the process is still running. */
  running(): boolean;
}

/**
 * The built server (dist/server.js; built first when missing) as a child process, returned at
 * once: it may still be migrating or seeding (startAppServer waits until it answers).
 */
export async function spawnAppServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<SpawnedApp> {
  // import.meta.url, not __dirname: the load bench runs this module as plain ESM (tsx).
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  if (!fs.existsSync(path.join(root, "dist", "server.js")) || !fs.existsSync(path.join(root, "build", "index.js"))) {
    // Test files run side by side: one build at a time (flock), none again once it exists, and
    // a production build (vitest's NODE_ENV=test would give the development JSX runtime, which
    // the production server cannot load).
    const build = spawnSync(
      "flock",
      [path.join(root, ".build.lock"), "sh", "-c", "test -f dist/server.js && test -f build/index.js || npm run build"],
      { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
    );
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  }
  const port = await freePort();
  let output = "";
  // The shared Redis of test:pg only when the test asks for it: files run side by side, and two
  // apps on one Redis would deliver each other's ticks.
  const { REDIS_URL: _sharedRedis, ...inherited } = process.env;
  const proc: ChildProcess = spawn(process.execPath, [...nodeArgs, "dist/server.js"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET: "fault-test-secret-0123456789abcdef",
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    pid: proc.pid!,
    output: () => output,
    running: () => proc.exitCode === null && proc.signalCode === null,
    kill: () => {
      // A cluster's workers first (WEB_CONCURRENCY): a primary killed outright leaves them running.
      for (const worker of childPids(proc.pid!)) {
        try {
          process.kill(worker, "SIGKILL");
        } catch {
          // already gone
        }
      }
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
    },
  };
}

/** The built server as a child process, once it answers /healthz. */
/** nodeArgs go before the script; a cluster's workers inherit them (cluster.fork's execArgv). */
export async function startAppServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<AppProcess> {
  const app = await spawnAppServer(env, nodeArgs);
  await waitUntil(
    async () => {
      if (!app.running()) throw new Error(`server exited:\n${app.output()}`);
      try {
        return (await fetch(`${app.base}/healthz`)).ok;
      } catch {
        return false;
      }
    },
    90_000,
    "the app server to answer /healthz",
    () => app.output(),
  );
  return app;
}

/** The processes a process started (Linux: pgrep), e.g. a cluster primary's workers. */
export function childPids(parent: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(parent)], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Signs in through the real forms and returns the session cookie header. An account with
 * two-factor sign-in (the demo admin and sub-admin) answers the second step with a code of
 * DEMO_TOTP_SECRET, or of `totpSecret` (docs/decisions/121).
 */
export async function signInCookie(base: string, email: string, password = "demo12345", totpSecret = DEMO_TOTP_SECRET): Promise<string> {
  const pick = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith(`${name}=`));
  let res = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { Origin: base },
    redirect: "manual",
  });
  const challenge = pick(res, "__sign_in");
  if (challenge) {
    res = await fetch(`${base}/login/two-factor`, {
      method: "POST",
      body: new URLSearchParams({ code: await totpCodeAt(totpSecret) }),
      headers: { Origin: base, Cookie: challenge },
      redirect: "manual",
    });
  }
  const cookie = pick(res, "__session");
  if (!cookie) throw new Error(`sign-in as ${email} failed with ${res.status}`);
  return cookie;
}
