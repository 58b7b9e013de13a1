import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiLogin } from "~/auth/api-login.server";

export const loader = () => json({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
export const action = ({ request, context }: ActionFunctionArgs) => apiLogin(context, request);
