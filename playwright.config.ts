import { defineConfig, devices } from "@playwright/test";
import fs from "node:fs";

// Debian's Chromium where it exists (CI and these machines), else Playwright's own browser.
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const PORT = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // No retries, on CI either: each journey makes its own users (tests/e2e/support.ts,
  // signInAsNewUser) and waits for conditions, not for time, so a failure is a real one.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No trace unless asked for (E2E_TRACE=1): its DOM and canvas snapshots of pages that change
    // four times a second starved the renderers on a two-core machine, so live journeys timed out
    // (docs/decisions/156-e2e-tracing-off.md). A failure still leaves its screenshot and error context.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // As a user who asked for less motion: the dashboard's announcement marquee (the app's only
    // animation, stopped by prefers-reduced-motion in app/tailwind.css) cost 13% of a core for
    // every open dashboard, measured, on a two-core machine running the whole suite.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The built production server on an in-memory database with the demo data.
    command: "node dist/server.js",
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      SEED_DEMO: "1",
      SESSION_SECRET: "e2e-secret-0123456789abcdef",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // A sign-in is fresh for sensitive admin actions for 20 seconds here (5 minutes by default),
      // so tests/e2e/two-factor.spec.ts can see the re-authentication page without waiting minutes.
      REAUTH_WINDOW_SECONDS: "20",
      FEED: process.env.E2E_FEED ?? "simulated",
      // POST /__e2e/users: a journey's own user and session (app/server/e2e-hooks.server.ts). Allowed
      // on this production build only because its database is in memory and it listens on loopback.
      E2E_TEST_HOOKS: "1",
    },
  },
});
