import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dispatchApi } from "~/api/dispatch.server";

// Every /api call is answered from the one API table (app/api/table.server.ts): the router
// checks the token, the method, the role (access table) and the body before the handler runs.
export const loader = ({ request, context }: LoaderFunctionArgs) => dispatchApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => dispatchApi(request, context);
