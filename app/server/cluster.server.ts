// Several worker processes on one machine (WEB_CONCURRENCY > 1), one per core: Node's cluster
// shares the listening port between them. Each worker is the whole server (pages, API, sockets);
// they meet through PostgreSQL and Redis exactly as processes on several machines do (the feed
// lock picks one to run the feed, the Redis adapter carries socket events between them).
// Sockets are WebSocket-only, so no sticky sessions are needed. The primary only supervises:
// it restarts a worker that dies, counts the rate limits for all of them, and passes on a stop.
import cluster from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

const RESTART_DELAY_MS = 1_000;
const STOP_GRACE_MS = 12_000;

export function runClusterPrimary(workers: number): void {
  // The workers' limiters (RateLimiterCluster) count here: one count for the whole server.
  new RateLimiterClusterMaster();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  console.log(`[cluster] primary ${process.pid}: ${workers} worker processes`);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    setTimeout(() => cluster.fork(), RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[cluster] ${signal}: stopping the workers`);
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) process.exit(0);
    for (const worker of alive) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
