// The demo pages are role 1's (docs/product-rules.md R-D25) and static: the loader only guards.
import { json } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import type { AppContext } from "~/config/context";

export async function demoLoader(request: Request, context: AppContext) {
  await requireRole(request, context, [1]);
  return json({});
}
