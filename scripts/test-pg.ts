// `npm run test:pg`: the database-backed tests against a real PostgreSQL. Each test file
// creates its own fresh database under DATABASE_URL's server and drops it afterwards.
import { spawnSync } from "node:child_process";

const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error(`test:pg needs a postgres:// DATABASE_URL, got ${url}`);
  process.exit(2);
}
console.log(`[test:pg] PostgreSQL at ${url.replace(/\/\/([^:@]+):[^@]+@/, "//$1:***@")}`);
const targets = process.argv.slice(2);
const result = spawnSync("npx", ["vitest", "run", ...(targets.length > 0 ? targets : ["tests/integration"])], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
