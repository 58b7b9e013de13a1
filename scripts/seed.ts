// npm run db:seed: migrates the database named by DATABASE_URL (PGlite in ./data/pglite when
// unset) and fills it with the demo data set, price history included, as the app's first start
// does; it finishes a seed that an earlier run or start left part-way (docs/decisions/114), and
// refuses a database that already holds other users.
import { migrateDatabase, openDatabase } from "../app/db/client.server";
import { DEMO_PASSWORD, DEMO_USERS } from "../app/seed/demo-data";
import { demoSeedState, PARTIAL_SEED_MESSAGE, seedDemoStore } from "../app/seed/demo-seed.server";
import { parseEnv } from "../app/config/env.server";
import { resolveSessionSecret } from "../app/config/env.server";

async function main(): Promise<void> {
  const handle = await openDatabase(process.env.DATABASE_URL);
  try {
    await migrateDatabase(handle);
    const state = await demoSeedState(handle.db);
    // Seeding over real data would mix demo users and trades into it: refuse, and say so.
    if (state === "other") {
      console.log("The database already has users; the demo data was not seeded.");
      console.log("To seed, point DATABASE_URL at an empty database.");
      return;
    }
    if (state === "complete") {
      console.log("The demo data is already loaded.");
      return;
    }
    if (state === "partial") console.log(`${PARTIAL_SEED_MESSAGE} Finishing it now.`);
    // The demo admin and sub-admin's two-factor secret is sealed with the server's session secret.
    const appSecret = resolveSessionSecret(parseEnv());
    const outcome = await seedDemoStore(handle.db, { appSecret, log: (line) => console.log(`  ${line}`) });
    console.log(`Seeded the demo data (${handle.driver}):`);
    if (outcome) console.table({ ...outcome.history, sectorGaugePoints: outcome.gaugePoints });
    console.log(`Sign in with any of ${Object.values(DEMO_USERS).map((u) => u.email).join(", ")} and password ${DEMO_PASSWORD}.`);
    console.log("The admin and sub-admin also need a two-factor code: run `npm run totp` (see the README).");
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error("Seeding stopped part-way; run it again to finish it.", error);
  process.exitCode = 1;
});
