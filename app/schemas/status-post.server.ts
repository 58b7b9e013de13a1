// The status switch post of every admin list: {intent: "status", id, status: 1 | 0}.
import { json } from "@remix-run/node";
import { statusSwitchSchema } from "~/schemas/user-admin";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export async function readStatusPost(request: Request): Promise<{ id: number; status: boolean }> {
  const parsed = statusSwitchSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw json({ message: "Bad request" }, { status: 400 });
  return parsed.data;
}

/** Back to the list as it was (same page and filter). */
export function sameListUrl(request: Request): string {
  const url = requestUrl(request);
  return url.pathname + url.search;
}
