// Bundles server.ts (and the app modules it imports) for production; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile: "dist/server.js",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
