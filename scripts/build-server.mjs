// Bundles server.ts (and the app modules it imports) for production, and the embedded database's
// process beside it (dist/embedded-postgres.js, docs/decisions/163); packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", "embedded-postgres": "app/db/embedded-postgres.process.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outdir: "dist",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
