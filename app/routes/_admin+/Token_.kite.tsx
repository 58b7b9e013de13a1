// GET /Token/kite?request_token=…&action=login&status=success&state=…: where Kite's login comes
// back (the Kite app's registered redirect URL; docs/decisions/175). Role 1 only; the state is
// the one this user's Request signed. The day's session is kept and /Token says until when.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { completeKiteLogin } from "~/services/live-rate.server";
import { searchParamsOf } from "~/schemas/request-input.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const params = searchParamsOf(request);
  const outcome = await completeKiteLogin(context, user, { requestToken: params.get("request_token"), status: params.get("status"), state: params.get("state") });
  return redirectWithToast(context.cookies, request, "/Token", outcome.ok ? { type: "success", message: outcome.value.message } : { type: "error", message: outcome.problem.message });
}
