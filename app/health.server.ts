// GET /healthz: 200 when the database answers, 503 otherwise, with the event loop's p99 delay.
import type { IntervalHistogram } from "node:perf_hooks";
import type { DatabaseHandle } from "~/db/client.server";

export async function healthReport(database: Pick<DatabaseHandle, "ping" | "driver">, loopDelay?: IntervalHistogram) {
  const ok = await database.ping();
  return {
    status: ok ? 200 : 503,
    body: {
      status: ok ? "ok" : "unavailable",
      database: database.driver,
      eventLoopDelayP99Ms: loopDelay ? Math.round((loopDelay.percentile(99) / 1e6) * 10) / 10 : null,
    },
  };
}
