// The on/off switch of a list row, as every list page answers it: the service switches the row
// and names the change; the page goes back to the same list (page and filter) with that toast.
// A row that is not there, or not the user's to switch, is a 404.
import { notFound } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import type { AppCookies } from "~/auth/cookies.server";
import type { Outcome } from "~/domain/outcome";
import { readStatusPost, sameListUrl } from "~/schemas/status-post.server";

export async function answerStatusSwitch(
  request: Request,
  context: { cookies: AppCookies },
  switchRow: (id: number, status: boolean) => Promise<Outcome<{ message: string }>>,
): Promise<Response> {
  const { id, status } = await readStatusPost(request);
  const switched = await switchRow(id, status);
  if (!switched.ok) notFound();
  return redirectWithToast(context.cookies, request, sameListUrl(request), { type: "success", message: switched.value.message });
}
