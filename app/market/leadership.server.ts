// Only one process runs the feed and the engines: the one holding a PostgreSQL advisory lock
// (ARCHITECTURE "Live data"). The lock lives on a dedicated connection; when that process
// dies, PostgreSQL releases the lock and a follower takes it within `retryMs`.
import pg from "pg";

export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

export interface LeadershipCallbacks {
  onAcquire: () => Promise<void> | void;
  onLose: () => Promise<void> | void;
  log?: (line: string) => void;
}

/** One process (embedded database): always the leader. */
export function singleProcessLeadership(callbacks: LeadershipCallbacks): Leadership {
  let leader = true;
  void Promise.resolve(callbacks.onAcquire());
  return {
    isLeader: () => leader,
    stop: async () => {
      if (leader) await callbacks.onLose();
      leader = false;
    },
  };
}

/** A stable 64-bit lock key for the feed ("nse-feed"). */
export const FEED_LOCK_KEY = 7_427_801_925_311_042n;

/** Reconnection delays after connection failures: doubling from retryMs up to maxBackoffMs. */
export function backoffDelay(failures: number, retryMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, retryMs * 2 ** Math.max(0, failures - 1));
}

export function advisoryLockLeadership(
  options: { connectionString: string; lockKey?: bigint; retryMs?: number; checkMs?: number; maxBackoffMs?: number },
  callbacks: LeadershipCallbacks,
): Leadership {
  const log = callbacks.log ?? ((line: string) => console.log(line));
  const retryMs = options.retryMs ?? 2000;
  const checkMs = options.checkMs ?? 3000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const key = (options.lockKey ?? FEED_LOCK_KEY).toString();
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  // Consecutive connection failures: the retry backs off while the database is away, and is
  // quick again once it answers (another holder of the lock is not a failure).
  let failures = 0;
  let outageLogged = false;

  // One pending step at a time: the error event and a failed check may both ask for a retry.
  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
    timer.unref();
  };
  const retryAfterFailure = () => {
    failures += 1;
    schedule(tryAcquire, backoffDelay(failures, retryMs, maxBackoffMs));
  };

  async function dropClient(c: pg.Client | null = client) {
    if (c === client) client = null;
    if (c) await c.end().catch(() => {});
  }

  async function stepDown(reason: string) {
    if (!leader) return;
    leader = false;
    log(`[leader] lost the feed lock: ${reason}`);
    await dropClient();
    try {
      await callbacks.onLose();
    } catch (error) {
      log(`[leader] stopping the engines failed: ${(error as Error).message}`);
    }
  }

  async function tryAcquire() {
    if (stopped) return;
    const c = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 5000 });
    // A dead connection emits 'error' on the client: without a listener that kills the
    // process (docs/decisions/114). It counts only while this is the lock's connection.
    c.on("error", (error) => {
      if (c !== client) return;
      void stepDown(error.message).then(retryAfterFailure);
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [key]);
      failures = 0;
      outageLogged = false;
      if (!rows[0]?.locked || stopped) {
        await c.end().catch(() => {});
        return schedule(tryAcquire, retryMs);
      }
      client = c;
      leader = true;
      log("[leader] holding the feed lock: this process runs the feed and the engines");
      await callbacks.onAcquire();
      schedule(check, checkMs);
    } catch (error) {
      if (client === c) await stepDown((error as Error).message);
      await dropClient(c);
      // Once per outage, not once per attempt.
      if (!outageLogged) log(`[leader] lock attempt failed: ${(error as Error).message}; retrying with backoff`);
      outageLogged = true;
      retryAfterFailure();
    }
  }

  async function check() {
    const c = client;
    if (!c || stopped) return;
    try {
      await c.query("select 1");
      schedule(check, checkMs);
    } catch (error) {
      if (c !== client) return; // the error event already stepped down
      await stepDown((error as Error).message);
      retryAfterFailure();
    }
  }

  void tryAcquire();
  return {
    isLeader: () => leader,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (leader) {
        leader = false;
        await callbacks.onLose();
      }
      if (client) {
        await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
      }
      await dropClient();
    },
  };
}
