import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller } from "~/services/udf.server";

// The server's time in whole seconds, as plain text (UDF).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUdfCaller(request, context);
  return new Response(String(Math.floor(Date.now() / 1000)), { headers: { "Content-Type": "text/plain" } });
}
