// Every cookie the server sets, created once from the secret. The session cookie holds only
// the session id; toasts ride in their own flash cookie; theme and sidebar are plain prefs.
import { createCookie, createCookieSessionStorage, type Cookie, type SessionStorage } from "@remix-run/node";

export interface ToastData {
  type: "success" | "error" | "info";
  message: string;
}

export interface AppCookies {
  session: Cookie;
  toast: SessionStorage<Record<string, never>, { toast: ToastData }>;
  preferences: Cookie;
  /** The pending second step of a sign-in: a random challenge id for 5 minutes (docs/decisions/121). */
  signInChallenge: Cookie;
  secure: boolean;
}

/**
 * The name of an auth cookie: with the `__Host-` prefix when it is Secure, so the browser keeps
 * it only if it came over HTTPS with Path=/ and no Domain, and neither a sibling subdomain nor
 * a plain-HTTP page can plant or overwrite it. Plain-HTTP installs (COOKIE_SECURE=0) cannot use
 * the prefix (the browser would drop the cookie) and keep the bare name (docs/decisions/119).
 */
export function authCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : `__${name}`;
}

/**
 * The cookie sets a socket handshake reads the session from. It cannot tell whether the page
 * came over HTTPS, so with COOKIE_SECURE unset it reads both names (__Host-session first);
 * COOKIE_SECURE=1 or 0 allows one set only.
 */
export function handshakeCookieSets(cookieSecure: boolean | undefined, secure: AppCookies, plain: AppCookies): AppCookies[] {
  if (cookieSecure === undefined) return [secure, plain];
  return [cookieSecure ? secure : plain];
}

export function createAppCookies(secret: string, secure: boolean): AppCookies {
  // Path=/ and no Domain on every cookie: the __Host- prefix requires both.
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure, secrets: [secret] };
  return {
    secure,
    session: createCookie(authCookieName("session", secure), base),
    toast: createCookieSessionStorage<Record<string, never>, { toast: ToastData }>({
      cookie: { ...base, name: "__toast" },
    }),
    preferences: createCookie("prefs", { ...base, maxAge: 365 * 24 * 60 * 60 }),
    signInChallenge: createCookie(authCookieName("sign_in", secure), { ...base, maxAge: 5 * 60 }),
  };
}
