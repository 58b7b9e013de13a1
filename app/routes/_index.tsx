import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRouteAccess(request, context);
  return redirect("/dashboard");
}
