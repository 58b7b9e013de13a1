// npm run import -- <file or folder> [...]
// Imports real market files into the database named by DATABASE_URL (unset: the embedded PGlite
// in ./data/pglite, like the app): bhav copies, vendor 1-minute bars, NSE's NIFTY 500 list and
// reference points, each recognised by its content. Folders are walked for .csv and .txt files.
// Exits 1 when a file failed entirely (nothing of it stored), 2 on a usage error.
import fs from "node:fs/promises";
import path from "node:path";
import { DEFAULT_PGLITE_DIR, isDatabaseEmpty, migrateDatabase, openDatabase } from "../app/db/client.server";
import { seedDemoData } from "../app/seed/seed.server";
import { parseEnv, shouldSeedDemo } from "../app/config/env.server";
import { resolveSessionSecret } from "../app/config/env.server";
import {
  collectImportSources,
  detectImportKind,
  formatReportLines,
  importFileText,
  KIND_ORDER,
  readHead,
  type DetectedKind,
} from "../app/market/import.server";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes("--help") || args.includes("-h")) {
    console.log("Usage: npm run import -- <file or folder> [more files or folders]");
    console.log("Imports NSE bhav copies, vendor 1-minute bars, the NIFTY 500 list and reference-point CSV files.");
    return args.length === 0 ? 2 : 0;
  }
  const env = parseEnv(process.env);
  const url = env.DATABASE_URL;
  if (!url || !/^(postgres(ql)?|memory):\/\//.test(url)) {
    const dir = url ? url.replace(/^file:\/\//, "") : DEFAULT_PGLITE_DIR;
    console.warn(
      `Importing into the embedded PGlite database in ${dir}. PGlite has no lock between processes: ` +
        "stop the app (npm run dev / npm start) while this runs, or both will write the same files and may corrupt them.",
    );
  }

  let sources;
  try {
    sources = await collectImportSources(args);
  } catch (error) {
    console.error(`Cannot read ${(error as NodeJS.ErrnoException).path ?? "the input"}: ${(error as Error).message}`);
    return 2;
  }
  const kinds = new Map<string, DetectedKind>();
  for (const s of sources) kinds.set(s.file, detectImportKind(await readHead(s.file)));
  sources.sort((a, b) => KIND_ORDER[kinds.get(a.file)!] - KIND_ORDER[kinds.get(b.file)!]);

  const handle = await openDatabase(url);
  let failed = 0;
  let imported = 0;
  let leftOut = 0;
  try {
    await migrateDatabase(handle);
    // The app fills an empty embedded database with the demo data at its first start; doing the
    // same here keeps the two in step (the seed would otherwise collide with imported symbols).
    if (shouldSeedDemo(env) && (await isDatabaseEmpty(handle.db))) {
      console.log("The database is empty: loading the demo data first, as the app does on its first start.");
      await seedDemoData(handle.db, { appSecret: resolveSessionSecret(env) });
    }
    for (const source of sources) {
      const kind = kinds.get(source.file)!;
      const name = path.relative(process.cwd(), source.file) || source.file;
      if (kind === "unknown" && !source.explicit) {
        console.log(`${name}: not a recognised file, left out.`);
        leftOut += 1;
        continue;
      }
      const text = await fs.readFile(source.file, "utf8");
      const started = performance.now();
      const report = await importFileText(handle.db, text, kind);
      console.log(`${name} (${Math.round(performance.now() - started)} ms)`);
      for (const line of formatReportLines(report)) console.log(line);
      if (report.fatal) failed += 1;
      else imported += 1;
    }
  } finally {
    await handle.close();
  }
  console.log(`${imported} imported, ${failed} failed, ${leftOut} left out.`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error("Import failed:", error);
    process.exitCode = 1;
  },
);
