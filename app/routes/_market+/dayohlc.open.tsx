import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { saveOpenData } from "~/services/market-data.server";
import { openDataSchema } from "~/schemas/open-data";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

// "Save Symbol's Open Data" (the documents' POST admin/dayohlc/open): a POST-only resource
// route; the settings page holds the button. A GET changes nothing (docs/product-rules.md R-D24).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({ message: "Method Not Allowed: send a POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  // The documents send an empty body: no form at all is fine too.
  const form = await readForm(request);
  const { redirectTo } = openDataSchema.parse(Object.fromEntries(form));
  const { symbols, message } = await saveOpenData(context);
  return redirectWithToast(context.cookies, request, redirectTo, { type: symbols > 0 ? "success" : "info", message });
}
