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

export function advisoryLockLeadership(
  options: { connectionString: string; lockKey?: bigint; retryMs?: number; checkMs?: number },
  callbacks: LeadershipCallbacks,
): Leadership {
  const log = callbacks.log ?? ((line: string) => console.log(line));
  const retryMs = options.retryMs ?? 2000;
  const checkMs = options.checkMs ?? 3000;
  const key = (options.lockKey ?? FEED_LOCK_KEY).toString();
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(fn, ms);
    timer.unref();
  };

  async function dropClient() {
    const c = client;
    client = null;
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
    try {
      const c = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 5000 });
      c.on("error", (error) => void stepDown(error.message).then(() => schedule(tryAcquire, retryMs)));
      await c.connect();
      const { rows } = await c.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [key]);
      if (!rows[0]?.locked) {
        await c.end().catch(() => {});
        return schedule(tryAcquire, retryMs);
      }
      client = c;
      leader = true;
      log("[leader] holding the feed lock: this process runs the feed and the engines");
      await callbacks.onAcquire();
      schedule(check, checkMs);
    } catch (error) {
      await dropClient();
      log(`[leader] lock attempt failed: ${(error as Error).message}`);
      schedule(tryAcquire, retryMs);
    }
  }

  async function check() {
    if (!client || stopped) return;
    try {
      await client.query("select 1");
      schedule(check, checkMs);
    } catch (error) {
      await stepDown((error as Error).message);
      schedule(tryAcquire, retryMs);
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
