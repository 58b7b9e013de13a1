// Toasts flashed into a cookie and rendered by the root on the next page, so they show
// with and without JavaScript.
import { redirect } from "@remix-run/node";
import type { AppCookies, ToastData } from "~/auth/cookies.server";

export async function toastHeader(cookies: AppCookies, request: Request, toast: ToastData): Promise<string> {
  const session = await cookies.toast.getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  return cookies.toast.commitSession(session);
}

export async function redirectWithToast(
  cookies: AppCookies,
  request: Request,
  url: string,
  toast: ToastData,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(cookies, request, toast));
  return redirect(url, { headers });
}

/** Reads and clears the flashed toast. */
export async function takeToast(
  cookies: AppCookies,
  request: Request,
): Promise<{ toast: ToastData | null; setCookie: string | null }> {
  const session = await cookies.toast.getSession(request.headers.get("Cookie"));
  const toast = (session.get("toast") as ToastData | undefined) ?? null;
  if (!toast) return { toast: null, setCookie: null };
  return { toast, setCookie: await cookies.toast.commitSession(session) };
}
