// GET /healthz: 200 when the database answers within a timeout, 503 otherwise (never a hang),
// with the database round trip and the event loop's delay over a recent window, not the
// process's lifetime (docs/decisions/114).
import { monitorEventLoopDelay, performance, type IntervalHistogram } from "node:perf_hooks";
import type { DatabaseHandle } from "~/db/client.server";
import type { FeedStatusReport } from "~/market/feed";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function feedReport(status: FeedStatusReport | null) {
  if (!status) return null;
  return { name: status.name, state: status.state, since: iso(status.since), lastTickAt: iso(status.lastTickAt), detail: status.detail };
}

export const HEALTH_DB_TIMEOUT_MS = 2_000;
export const LOOP_WINDOW_MS = 10_000;

export interface LoopDelayWindow {
  /** Event-loop delay p99 and max over the last `windowMs` (at least half of it), in ms. */
  read(): { p99Ms: number; maxMs: number; windowMs: number };
  stop(): void;
}

/**
 * Two histograms reset in turn every half window; the older one is read, so a reading covers
 * between half and all of the last window. A block of the loop shows at once and is gone
 * once a full window has passed.
 */
export function recentLoopDelay(options: { windowMs?: number; resolutionMs?: number } = {}): LoopDelayWindow {
  const windowMs = options.windowMs ?? LOOP_WINDOW_MS;
  const resolution = options.resolutionMs ?? 10;
  const histograms: IntervalHistogram[] = [monitorEventLoopDelay({ resolution }), monitorEventLoopDelay({ resolution })];
  for (const h of histograms) h.enable();
  let older = 0;
  const timer = setInterval(() => {
    histograms[older].reset();
    older = 1 - older;
  }, Math.max(1, Math.floor(windowMs / 2)));
  timer.unref();
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  return {
    read: () => {
      const h = histograms[older];
      // An empty histogram reads as a huge min/max; report 0 until it has a sample.
      if (h.count === 0) return { p99Ms: 0, maxMs: 0, windowMs };
      return { p99Ms: ms(h.percentile(99)), maxMs: ms(h.max), windowMs };
    },
    stop: () => {
      clearInterval(timer);
      for (const h of histograms) h.disable();
    },
  };
}

/** True when the database answered, false when it failed or did not answer within `timeoutMs`. */
async function pingWithin(database: Pick<DatabaseHandle, "ping">, timeoutMs: number) {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const outcome = await Promise.race([database.ping().catch(() => false), timedOut]);
  clearTimeout(timer);
  return { ok: outcome === true, timedOut: outcome === "timeout", ms: Math.round((performance.now() - started) * 10) / 10 };
}

export async function healthReport(
  database: Pick<DatabaseHandle, "ping" | "driver">,
  loopDelay?: Pick<LoopDelayWindow, "read">,
  options: { timeoutMs?: number; feed?: () => FeedStatusReport | null } = {},
) {
  const timeoutMs = options.timeoutMs ?? HEALTH_DB_TIMEOUT_MS;
  const ping = await pingWithin(database, timeoutMs);
  const loop = loopDelay?.read();
  return {
    status: ping.ok ? 200 : 503,
    body: {
      status: ping.ok ? "ok" : "unavailable",
      database: database.driver,
      databaseRoundTripMs: ping.ok ? ping.ms : null,
      ...(ping.ok ? {} : { databaseError: ping.timedOut ? `no answer within ${timeoutMs} ms` : "the database refused the query" }),
      eventLoopDelayP99Ms: loop ? loop.p99Ms : null,
      eventLoopDelayMaxMs: loop ? loop.maxMs : null,
      eventLoopWindowMs: loop ? loop.windowMs : null,
      // The price feed on this process: simulated, replay, or a provider's link (docs/decisions/175);
      // null on a process that does not lead the market.
      feed: feedReport(options.feed?.() ?? null),
    },
  };
}
