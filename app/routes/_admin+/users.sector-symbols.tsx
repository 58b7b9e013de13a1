import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { idsFromSearch, listSectorSymbols } from "~/services/user-form.server";
import { requestUrl } from "~/schemas/request-input.server";

// The user form's fetcher (with JavaScript): the active symbols of the chosen sectors.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1, 2]);
  const sectorIds = idsFromSearch(requestUrl(request), "sectorIds");
  return json({ symbols: await listSectorSymbols(context.db, sectorIds) });
}
