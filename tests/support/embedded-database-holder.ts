// A stand-in for the app's process in tests/integration/embedded-database.test.ts: opens the
// embedded database on the data folder in argv[2] in its own process, as `npm start` does, prints
// that process's id as one JSON line, and waits to be killed.
import { openDatabase } from "~/db/client.server";

const database = await openDatabase(process.argv[2]);
console.log(JSON.stringify({ databasePid: database.processId }));
setInterval(() => {}, 60_000);
