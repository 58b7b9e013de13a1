// Reading, starting and ending the sign-in session (cookie for browsers, Bearer for the API).
import type { AppContext } from "~/context";
import {
  createAuthSession,
  deleteAuthSession,
  findSessionUser,
  type SessionUser,
} from "~/models/auth-session.server";

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

/** The signed-in user from the session cookie, else from a Bearer token. */
export async function getSessionUser(
  context: Pick<AppContext, "cookies" | "db" | "requestScope">,
  request: Request,
): Promise<SessionUser | null> {
  const id =
    (await readSessionId(context, request.headers.get("Cookie"))) ?? bearerToken(request.headers.get("Authorization"));
  if (!id) return null;
  // A page's loaders run together and all ask: one lookup per GET. Never across an action,
  // which may change the user (or end the session) before the loaders run.
  const scope = request.method === "GET" ? context.requestScope : undefined;
  const key = `session-user:${id}`;
  const shared = scope?.get(key) as Promise<SessionUser | null> | undefined;
  if (shared) return shared;
  const lookup = findSessionUser(context.db, id);
  scope?.set(key, lookup);
  return lookup;
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

/** Deletes the current session row and returns a Set-Cookie header that clears the cookie. */
export async function endSession(context: AppContext, request: Request): Promise<string | null> {
  const id = await readSessionId(context, request.headers.get("Cookie"));
  if (!id) return null;
  const user = await findSessionUser(context.db, id);
  await deleteAuthSession(context.db, id);
  if (user) context.hub.disconnectUser(user.id);
  return context.cookies.session.serialize("", { maxAge: 0, expires: new Date(0) });
}

export type { SessionUser };

/** The socket handshake's check: the session cookie, else a Bearer header, else auth.token. */
export function createHandshakeAuthenticator(context: Pick<AppContext, "cookies" | "db">) {
  return async (handshake: { cookieHeader: string | undefined; authorization: string | undefined; token: string | undefined }) => {
    const id =
      (await readSessionId(context, handshake.cookieHeader)) ?? bearerToken(handshake.authorization) ?? handshake.token ?? null;
    return id ? findSessionUser(context.db, id) : null;
  };
}
