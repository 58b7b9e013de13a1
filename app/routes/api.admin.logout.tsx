import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { apiLogout } from "~/auth/api-login.server";

export const loader = () => json({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
export async function action({ request, context }: ActionFunctionArgs) {
  await requireApiUser(request, context);
  return apiLogout(context, request);
}
