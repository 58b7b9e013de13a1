import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller } from "~/services/udf.server";
import { configResponse } from "~/domain/udf";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUdfCaller(request, context);
  return json(configResponse());
}
