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
  secure: boolean;
}

export function createAppCookies(secret: string, secure: boolean): AppCookies {
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure, secrets: [secret] };
  return {
    secure,
    session: createCookie("__session", base),
    toast: createCookieSessionStorage<Record<string, never>, { toast: ToastData }>({
      cookie: { ...base, name: "__toast" },
    }),
    preferences: createCookie("prefs", { ...base, maxAge: 365 * 24 * 60 * 60 }),
  };
}
