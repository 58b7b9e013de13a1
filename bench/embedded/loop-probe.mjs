// Preloaded into the measured server (node --import) by bench/embedded: the event loop's delay
// as the server's own process sees it, written to LOOP_PROBE_FILE twice a second; SIGUSR2 starts
// a new window. Plain JavaScript so `node dist/server.js` loads it without tsx.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  // The same 10 ms resolution as /healthz and bench/pages: an idle loop reads about 10 ms.
  let histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // At 1 ms resolution the largest delay is the longest the loop was held (a query, a render) to 1 ms.
  let fine = monitorEventLoopDelay({ resolution: 1 });
  fine.enable();
  let window = 0;
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  const write = () => {
    const reading = { window, count: histogram.count, p99Ms: histogram.count ? ms(histogram.percentile(99)) : 0, maxMs: histogram.count ? ms(histogram.max) : 0, longestMs: fine.count ? ms(fine.max) : 0, memory: process.memoryUsage() };
    // Written aside and renamed, so a reader never sees half a file.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(reading));
    fs.renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 500).unref();
  process.on("SIGUSR2", () => {
    histogram.disable();
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    fine.disable();
    fine = monitorEventLoopDelay({ resolution: 1 });
    fine.enable();
    window += 1;
    write();
  });
}
