// The whole demo seed (data, price history, sector gauges), resumable (docs/decisions/114).
// The data set commits in one transaction with a "started" marker; the history commits symbol
// by symbol and skips what is stored; the gauges commit with the "complete" marker. A start
// that was killed part-way is finished by the next start, never left half-seeded in silence.
import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { isDatabaseEmpty } from "~/db/client.server";
import { seedDemoData } from "./seed.server";
import { seedDemoHistory, type DemoHistoryOptions, type DemoHistorySummary } from "./demo-history.server";
import { seedDemoSectorGauges } from "./demo-sector-gauges.server";
import { appState } from "~/db/schema";

export const DEMO_SEED_KEY = "demo_seed";

/**
 * empty: no users yet. partial: a demo seed began and did not finish. complete: it finished.
 * other: users but no demo-seed marker (a real store, or one seeded before the marker existed).
 */
export type DemoSeedState = "empty" | "partial" | "complete" | "other";

export async function demoSeedState(db: AppDatabase): Promise<DemoSeedState> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, DEMO_SEED_KEY));
  if (row?.value === "complete") return "complete";
  if (row?.value === "started") return "partial";
  return (await isDatabaseEmpty(db)) ? "empty" : "other";
}

async function markDemoSeed(db: AppDatabase, value: "started" | "complete"): Promise<void> {
  await db
    .insert(appState)
    .values({ key: DEMO_SEED_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: sql`now()` } });
}

export const PARTIAL_SEED_MESSAGE =
  "[db] the demo data is only partly loaded: an earlier start stopped while seeding it.";
export const PARTIAL_SEED_ADVICE =
  "[db] Start with SEED_DEMO=1 to finish it, or point DATABASE_URL at an empty database (for the embedded one, delete its data folder) and start again.";

export interface DemoSeedOptions {
  now?: Date;
  log?: (line: string) => void;
  /** The session secret: the demo admin and sub-admin get their two-factor secret sealed with it. */
  appSecret?: string;
  /** Size of the price history (tests use a small one); the full demo set by default. */
  history?: Omit<DemoHistoryOptions, "now" | "log">;
}

export interface DemoSeedOutcome {
  resumed: boolean;
  history: DemoHistorySummary;
  gaugePoints: number;
}

/** Seeds an empty store, or finishes a partial one. Anything else is left alone (null). */
export async function seedDemoStore(db: AppDatabase, options: DemoSeedOptions = {}): Promise<DemoSeedOutcome | null> {
  const log = options.log ?? (() => {});
  const state = await demoSeedState(db);
  if (state === "complete" || state === "other") return null;
  const resumed = state === "partial";
  if (state === "empty") {
    await seedDemoData(db, { now: options.now, log, appSecret: options.appSecret, inTransaction: (tx) => markDemoSeed(tx, "started") });
  }
  const history = await seedDemoHistory(db, { ...options.history, now: options.now, log });
  const gaugePoints = await db.transaction(async (tx) => {
    const points = await seedDemoSectorGauges(tx);
    await markDemoSeed(tx, "complete");
    return points;
  });
  return { resumed, history, gaugePoints };
}

/**
 * At start-up: seeds or finishes the demo store when asked (SEED_DEMO), and says so when it
 * finds a partial one it is not asked to finish.
 */
export async function prepareDemoStore(
  db: AppDatabase,
  options: DemoSeedOptions & { seed: boolean },
): Promise<DemoSeedState> {
  const log = options.log ?? (() => {});
  const state = await demoSeedState(db);
  if (state === "partial") log(PARTIAL_SEED_MESSAGE + (options.seed ? " Finishing it now." : ""));
  if (state === "partial" && !options.seed) {
    log(PARTIAL_SEED_ADVICE);
    return state;
  }
  if (!options.seed || (state !== "empty" && state !== "partial")) return state;
  if (state === "empty") log("[db] empty database: loading demo data");
  try {
    const outcome = await seedDemoStore(db, options);
    if (outcome) {
      log(`[db] demo history: ${outcome.history.dailyRows} daily bars, ${outcome.history.minuteRows} minute candles`);
      log(`[db] demo sector gauges: ${outcome.gaugePoints} points`);
      log(outcome.resumed ? "[db] the demo data is complete now" : "[db] demo data loaded");
    }
  } catch (error) {
    log(`[db] loading the demo data stopped part-way: ${(error as Error).message}. The next start finishes it.`);
    throw error;
  }
  return demoSeedState(db);
}
