// Real Requests for loaders and actions, and a way to read what they answer whether they
// return a Response or throw one (redirects and guards throw).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { AppContext } from "~/config/context";
import { createAuthSession } from "~/models/auth-session.server";

export const ORIGIN = "http://localhost:3000";

export function formRequest(path: string, fields: Record<string, string | string[]>, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return new Request(ORIGIN + path, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

export function getRequest(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return new Request(ORIGIN + path, { headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers } });
}

type RouteFn = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** Calls a loader or action and returns its Response, returned or thrown. */
export async function call(fn: RouteFn, request: Request, context: AppContext, params: Record<string, string> = {}): Promise<Response> {
  try {
    const result = await fn({ request, context, params } as LoaderFunctionArgs);
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200, headers: { "Content-Type": "application/json" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = part.split("=");
    jar.set(name, rest.join("="));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attrs] = header.split(";");
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
    if (expired || value === "") jar.delete(name.trim());
    else jar.set(name.trim(), value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A signed-in cookie for a user, written directly (no form round trip). */
export async function sessionCookieFor(context: AppContext, userId: number): Promise<string> {
  const session = await createAuthSession(context.db, userId);
  const header = await context.cookies.session.serialize(session.id);
  return header.split(";")[0];
}
