// Test-only hooks for the end-to-end suite (tests/e2e/fixtures.ts): POST /__e2e/users makes a
// user of its own for one journey and answers a signed-in session cookie for it, as the Epic
// Stack's playwright-utils writes a session instead of typing into the sign-in form.
//
// server.ts mounts this only when E2E_TEST_HOOKS=1, and parseEnv refuses that flag on anything
// but a throwaway server: NODE_ENV other than production, or the suite's own production-built
// server, which runs on an in-memory database (memory://) bound to the loopback address. A real
// deployment has neither, so it cannot start with the hooks on (e2eHooksRefusal).
import express, { type Router } from "express";
import * as z from "zod";
import type { AppServices } from "~/config/context";
import { e2eHooksRefusal } from "~/config/env.server";
import { createE2eUser } from "~/seed/e2e-users.server";

export { e2eHooksRefusal };
export { createE2eUser, type E2eNewUser, type E2eUserAnswer } from "~/seed/e2e-users.server";

/** The hooks' router, for /__e2e. Throws when the environment refuses them (see e2eHooksRefusal). */
export function e2eHooksRouter(services: Pick<AppServices, "db" | "env" | "cookies">): Router {
  const refusal = e2eHooksRefusal(services.env);
  if (refusal) throw new Error(refusal);
  const router = express.Router();
  router.post("/users", express.json({ limit: "16kb" }), async (req, res) => {
    try {
      res.set("Cache-Control", "no-store").json(await createE2eUser(services, req.body ?? {}));
    } catch (error) {
      if (error instanceof z.ZodError) return res.status(400).json({ message: error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      console.error("[e2e-hooks]", error);
      res.status(500).json({ message: (error as Error).message });
    }
  });
  return router;
}

/** Used by server.ts: mounts /__e2e only when E2E_TEST_HOOKS is on. */
export function mountE2eHooks(app: express.Express, services: Pick<AppServices, "db" | "env" | "cookies">): boolean {
  if (!services.env.E2E_TEST_HOOKS) return false;
  app.use("/__e2e", e2eHooksRouter(services));
  console.log("[e2e-hooks] test hooks on: POST /__e2e/users");
  return true;
}
