// npm run db:seed: migrates the database named by DATABASE_URL (PGlite in ./data/pglite when
// unset) and fills it with the demo data set, unless it already holds users.
import { isDatabaseEmpty, migrateDatabase, openDatabase } from "../app/db/client.server";
import { DEMO_PASSWORD, DEMO_USERS } from "../app/db/demo-data";
import { seedDemoData } from "../app/db/seed.server";

async function main(): Promise<void> {
  const handle = await openDatabase(process.env.DATABASE_URL);
  try {
    await migrateDatabase(handle);
    // Seeding over real data would mix demo users and trades into it: refuse, and say so.
    if (!(await isDatabaseEmpty(handle.db))) {
      console.log("The database already has users; the demo data was not seeded.");
      console.log("To seed, point DATABASE_URL at an empty database.");
      return;
    }
    const summary = await seedDemoData(handle.db, { log: (line) => console.log(`  ${line}`) });
    console.log(`Seeded the demo data (${handle.driver}):`);
    console.table(summary);
    console.log(`Sign in with any of ${Object.values(DEMO_USERS).map((u) => u.email).join(", ")} and password ${DEMO_PASSWORD}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error("Seeding failed; nothing was written.", error);
  process.exitCode = 1;
});
