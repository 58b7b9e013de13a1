import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Every core: Vitest's default leaves one idle, which on the 2-core CI machine ran the files one
    // at a time (808 s against 411 s on all cores). The PostgreSQL/Redis run (test:pg) too (388 s
    // against about 540 s): each file has a database of its own, and an app a test starts joins
    // the shared Redis only when the test asks (tests/support/private-services.ts), which
    // scale-out alone does.
    maxWorkers: os.availableParallelism(),
  },
});
