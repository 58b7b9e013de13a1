import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";

// Any /api path without its own route: a caller without a valid token gets 401
// {"error":"Invalid token"} (DECISIONS 8); a signed-in caller learns the call does not exist.
async function unknownCall(request: Request, context: LoaderFunctionArgs["context"]) {
  await requireApiUser(request, context);
  return json({ message: "Unknown API call" }, { status: 404 });
}

export const loader = ({ request, context }: LoaderFunctionArgs) => unknownCall(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => unknownCall(request, context);
