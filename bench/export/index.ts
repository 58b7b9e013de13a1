// bench/export: 100,000 trades exported through the real /reports/trade/export route, served
// by a server process on a fresh database over loopback. For CSV (baseline, same rows and
// cursor), xlsx and PDF in turn: time to first byte, total time, bytes, and the server's RSS
// growth over the request. Prints the xlsx/CSV time ratio (target < 5x) and the peak RSS growth
// (target < 120 MB). PostgreSQL when BENCH_DATABASE_URL (default the test server) is reachable.
import { spawnTsChild } from "../lib/child";

export const description = "streamed xlsx/PDF export of 100k trades vs CSV (TTFB, total time, server RSS growth)";

interface Ready {
  type: "ready";
  port: number;
  cookie: string;
  rows: number;
  driver: string;
}
interface Memory {
  type: "memory";
  baselineRss: number;
  peakRss: number;
  baselineHeap: number;
  peakHeap: number;
}

interface Measured {
  label: string;
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  rssGrowthMb: number;
}

const MB = 1024 * 1024;

async function fetchTimed(url: string, cookie: string): Promise<{ ttfbMs: number; totalMs: number; bytes: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Cookie: cookie } });
  const reader = res.body!.getReader();
  let ttfbMs = -1;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (ttfbMs < 0) ttfbMs = performance.now() - started;
    bytes += value.byteLength;
  }
  return { ttfbMs, totalMs: performance.now() - started, bytes, status: res.status };
}

export async function run(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const server = spawnTsChild("export server", "bench/export/server.ts", [], { TEST_DATABASE_URL: databaseUrl }, ["--expose-gc"]);
  try {
    const ready = await server.next<Ready>("ready", 300_000);
    console.log(`  ${ready.rows.toLocaleString("en-IN")} trades on ${ready.driver}, server on 127.0.0.1:${ready.port}`);
    const base = `http://127.0.0.1:${ready.port}`;
    const cases = [
      { label: "csv (baseline)", path: "/bench/csv" },
      { label: "xlsx", path: "/reports/trade/export?format=xlsx&active=all" },
      { label: "pdf", path: "/reports/trade/export?format=pdf&active=all" },
    ];
    // Warm-up: a small export of each kind (JIT, pools, first-use costs).
    await fetchTimed(`${base}/reports/trade/export?format=xlsx&active=all&startDate=2026-01-01&endDate=2026-01-01`, ready.cookie);
    await fetchTimed(`${base}/reports/trade/export?format=pdf&active=all&startDate=2026-01-01&endDate=2026-01-01`, ready.cookie);
    const results: Measured[] = [];
    for (const c of cases) {
      server.send({ type: "measure-start" });
      await server.next("measuring", 10_000);
      const timed = await fetchTimed(base + c.path, ready.cookie);
      server.send({ type: "measure-end" });
      const memory = await server.next<Memory>("memory", 10_000);
      if (timed.status !== 200) throw new Error(`${c.label}: status ${timed.status}`);
      results.push({ label: c.label, ttfbMs: timed.ttfbMs, totalMs: timed.totalMs, bytes: timed.bytes, rssGrowthMb: (memory.peakRss - memory.baselineRss) / MB });
      console.log(
        `  ${c.label.padEnd(15)} first byte ${timed.ttfbMs.toFixed(0).padStart(6)} ms   total ${timed.totalMs.toFixed(0).padStart(7)} ms   ` +
          `${(timed.bytes / MB).toFixed(1).padStart(6)} MB   server RSS +${((memory.peakRss - memory.baselineRss) / MB).toFixed(1)} MB (from ${(memory.baselineRss / MB).toFixed(0)} MB), ` +
          `JS heap +${((memory.peakHeap - memory.baselineHeap) / MB).toFixed(1)} MB`,
      );
    }
    const [csv, xlsx, pdf] = results;
    console.log(`  xlsx / csv total time: ${(xlsx.totalMs / csv.totalMs).toFixed(2)}x (target < 5x)`);
    console.log(`  pdf  / csv total time: ${(pdf.totalMs / csv.totalMs).toFixed(2)}x`);
    const peak = Math.max(xlsx.rssGrowthMb, pdf.rssGrowthMb);
    console.log(`  peak server RSS growth of the exports: ${peak.toFixed(1)} MB (target < 120 MB; the CSV baseline's own: ${csv.rssGrowthMb.toFixed(1)} MB)`);
  } finally {
    await server.stop();
  }
}
