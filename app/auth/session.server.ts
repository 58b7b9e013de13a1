// Reading, starting and ending the sign-in session (cookie for browsers, Bearer for the API).
import type { AppContext } from "~/config/context";
import type { Env } from "~/config/env.server";
import type { AppCookies } from "./cookies.server";
import type { SessionIdleSettings } from "~/domain/sessions";
import { mustEnrolTwoFactor } from "~/domain/two-factor";

/** The socket handshake's refusal while two-factor sign-in still has to be set up. */
export const TWO_FACTOR_SETUP_FIRST = "Set up two-factor sign-in first";
import {
  createAuthSession,
  deleteAuthSession,
  lookupSession,
  type SessionLookup,
  type SessionUser,
} from "~/models/auth-session.server";
import { readShellValues, type ShellValues } from "~/models/shell.server";
import { requestPath } from "~/schemas/request-input.server";

/** The configured idle times (SESSION_IDLE_MINUTES_STAFF / _CUSTOMER). */
export function sessionIdleSettings(env: Pick<Env, "SESSION_IDLE_MINUTES_STAFF" | "SESSION_IDLE_MINUTES_CUSTOMER">): SessionIdleSettings {
  return { staffMinutes: env.SESSION_IDLE_MINUTES_STAFF, customerMinutes: env.SESSION_IDLE_MINUTES_CUSTOMER };
}

export function bearerToken(authorization: string | null | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  return match ? match[1] : null;
}

export async function readSessionId(
  context: Pick<AppContext, "cookies">,
  cookieHeader: string | null | undefined,
): Promise<string | null> {
  if (!cookieHeader) return null;
  const value = await context.cookies.session.parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The session id of a request: the session cookie, else a Bearer token. */
async function requestSessionId(context: Pick<AppContext, "cookies">, request: Request): Promise<string | null> {
  return (await readSessionId(context, request.headers.get("Cookie"))) ?? bearerToken(request.headers.get("Authorization"));
}

/**
 * Whether app/root.tsx's loader (the shell) may run with this request: a page's GET, or Remix's
 * data request for the root. Not an action (the loaders after it get a GET of their own), nor a
 * data request for one route (a client-side navigation), which runs that route's loader alone.
 */
function mayLoadShell(context: Pick<AppContext, "dataRouteId">, request: Request): boolean {
  return request.method === "GET" && (context.dataRouteId === undefined || context.dataRouteId === "root");
}

/**
 * The request's session: active (with its user), idle (ended just now, with the idle time for
 * the message) or none. A request counts as activity; an idle session found here is deleted.
 * Where the shell may load, the same statement reads the shell's values (docs/decisions/160):
 * `shell` forces that either way (the JSON API never shows a shell).
 */
export async function getSessionLookup(
  context: Pick<AppContext, "cookies" | "db" | "env" | "requestScope" | "dataRouteId">,
  request: Request,
  options: { shell?: boolean } = {},
): Promise<SessionLookup> {
  const id = await requestSessionId(context, request);
  if (!id) return { kind: "none" };
  // A page's loaders run together and all ask: one lookup per GET, so they all see the same
  // answer (the first one to find an idle session deletes it). Never across an action, which
  // may change the user (or end the session) before the loaders run.
  const scope = request.method === "GET" ? context.requestScope : undefined;
  const key = `session:${id}`;
  const shared = scope?.get(key) as Promise<SessionLookup> | undefined;
  if (shared) return shared;
  const lookup = lookupSession(context.db, id, { idle: sessionIdleSettings(context.env), shell: options.shell ?? mayLoadShell(context, request) });
  scope?.set(key, lookup);
  return lookup;
}

/**
 * The session and the shell's values, for app/root.tsx: one statement with the route's guard on
 * a page. Only a lookup this request shared without them (not a page) costs one more read.
 */
export async function getShellSession(
  context: Pick<AppContext, "cookies" | "db" | "env" | "requestScope" | "dataRouteId">,
  request: Request,
): Promise<Exclude<SessionLookup, { kind: "active" }> | { kind: "active"; user: SessionUser; shell: ShellValues }> {
  const found = await getSessionLookup(context, request, { shell: true });
  if (found.kind !== "active") return found;
  return { ...found, shell: found.shell ?? (await readShellValues(context.db, found.user.id)) };
}

/** The signed-in user from the session cookie, else from a Bearer token. */
export async function getSessionUser(
  context: Pick<AppContext, "cookies" | "db" | "env" | "requestScope" | "dataRouteId">,
  request: Request,
): Promise<SessionUser | null> {
  const found = await getSessionLookup(context, request);
  return found.kind === "active" ? found.user : null;
}

/** Creates a new session (rotating away any old one) and returns its Set-Cookie header. */
export async function startSession(context: AppContext, request: Request, userId: number): Promise<string> {
  const oldId = await readSessionId(context, request.headers.get("Cookie"));
  if (oldId) await deleteAuthSession(context.db, oldId);
  const session = await createAuthSession(context.db, userId, {
    userAgent: request.headers.get("User-Agent"),
    ip: context.clientIp,
  });
  return context.cookies.session.serialize(session.id, { expires: session.expiresAt });
}

/**
 * True when the browser opened the URL as a page (or Remix fetched its data), not as an image,
 * script or style: a stray sub-resource request must never sign anyone out.
 */
export function isPageRequest(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  return dest === null || dest === "document" || dest === "empty" || dest === "iframe";
}

/**
 * Arriving at the sign-in page as a page ends the current session (docs/product-rules.md R-D7). The page's
 * loader ends it, and the shell (which loads in parallel and could still find it) treats the
 * page as signed out, so /login never opens a socket for the session it is ending.
 */
export function arrivingAtSignIn(request: Request): boolean {
  return requestPath(request).replace(/\/+$/, "") === "/login" && isPageRequest(request);
}

/** Deletes the current session row and returns a Set-Cookie header that clears the cookie. */
export async function endSession(context: AppContext, request: Request): Promise<string | null> {
  const id = await readSessionId(context, request.headers.get("Cookie"));
  if (!id) return null;
  // The page's other loaders share this lookup (an idle session still shows its message).
  const user = await getSessionUser(context, request);
  await deleteAuthSession(context.db, id);
  if (user) context.hub.disconnectSession(id);
  return context.cookies.session.serialize("", { maxAge: 0, expires: new Date(0) });
}

export type { SessionUser };

/**
 * For the hub's periodic re-check of open sockets: whether a session still stands (not expired,
 * not idle, user active). A look only, like the handshake: an open tab receiving prices is not
 * the user acting, and an idle session is left for the next page to end with its message.
 */
export function createSessionCheck(context: { db: AppContext["db"]; env: Pick<Env, "SESSION_IDLE_MINUTES_STAFF" | "SESSION_IDLE_MINUTES_CUSTOMER"> }) {
  const idle = sessionIdleSettings(context.env);
  return async (sessionId: string): Promise<boolean> => (await lookupSession(context.db, sessionId, { idle, mode: "check" })).kind === "active";
}

/**
 * The socket handshake's check: the session cookie, else a Bearer header, else auth.token.
 * `cookies` may list several cookie sets (Secure and plain, when COOKIE_SECURE is unset and both
 * HTTPS and HTTP reach the server): the first that names a session is used. A handshake is
 * not the user acting: it neither counts as activity nor deletes an idle session, so the page
 * the browser opens next can still say why it was signed out.
 */
export function createHandshakeAuthenticator(context: {
  db: AppContext["db"];
  cookies: AppCookies | readonly AppCookies[];
  env?: Pick<Env, "SESSION_IDLE_MINUTES_STAFF" | "SESSION_IDLE_MINUTES_CUSTOMER">;
}) {
  const cookieSets = Array.isArray(context.cookies) ? context.cookies : [context.cookies as AppCookies];
  return async (handshake: { cookieHeader: string | undefined; authorization: string | undefined; token: string | undefined }) => {
    let id: string | null = null;
    for (const cookies of cookieSets) id ??= await readSessionId({ cookies }, handshake.cookieHeader);
    id ??= bearerToken(handshake.authorization) ?? handshake.token ?? null;
    if (!id) return null;
    const found = await lookupSession(context.db, id, { idle: context.env ? sessionIdleSettings(context.env) : undefined, mode: "check" });
    if (found.kind !== "active") return null;
    // A role that must use two-factor sign-in gets no live data before it is set up. Its
    // session stands, so the refusal is not "Invalid token" (which sends a page to /login).
    if (mustEnrolTwoFactor(found.user)) throw new Error(TWO_FACTOR_SETUP_FIRST);
    return found.user;
  };
}
