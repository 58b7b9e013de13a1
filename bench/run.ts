// `npm run bench` runs every bench; `npm run bench -- fanout` runs one by name.
// A bench module exports run(): it prints its figures (ratios measured in one run) and
// resolves; a bench reports, it does not fail the build, so the exit code is 0 unless a
// bench could not run at all.
interface BenchModule {
  run(): Promise<void>;
  description?: string;
}

const benches: Record<string, () => Promise<BenchModule>> = {
  fanout: () => import("./fanout/index"),
  load: () => import("./load/index"),
  export: () => import("./export/index"),
  alerts: () => import("./alerts/index"),
  trades: () => import("./trades/index"),
  candles: () => import("./candles/index"),
  pages: () => import("./pages/index"),
  routes: () => import("./route-matching/index"),
  embedded: () => import("./embedded/index"),
  announce: () => import("./announce/index"),
};

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const unknown = asked.filter((name) => !(name in benches));
  if (unknown.length > 0) {
    console.error(`unknown bench: ${unknown.join(", ")} (known: ${Object.keys(benches).join(", ")})`);
    process.exitCode = 2;
    return;
  }
  const names = asked.length > 0 ? asked : Object.keys(benches);
  let failed = false;
  for (const name of names) {
    const bench = await benches[name]();
    console.log(`\n=== bench ${name}${bench.description ? `: ${bench.description}` : ""}`);
    const started = performance.now();
    try {
      await bench.run();
    } catch (error) {
      failed = true;
      console.error(`bench ${name} could not run:`, error instanceof Error ? error.stack ?? error.message : error);
    }
    console.log(`=== ${name} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  if (failed) process.exitCode = 1;
}

void main().then(() => process.exit());
