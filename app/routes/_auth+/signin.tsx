import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess, optionalUser } from "~/auth/guards.server";

// /signin is the documents' other name for the sign-in page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await optionalUser(request, context)) await requireRouteAccess(request, context);
  return redirect("/login");
}
