// The day's Kite Connect session (issue 23; docs/decisions/175): Kite's access token lapses at
// 06:00 IST the morning after its login, by regulation, so the app must be logged in again each
// trading day. The state role 1 sees on /Token follows from the expiry alone.
import { createHmac, timingSafeEqual } from "node:crypto";
import { istDateString, istWallTimeToEpochMs, nextYmd } from "~/domain/dates";

/** The provider name FEED takes for Zerodha's Kite Connect. */
export const KITE_PROVIDER = "kite";

/** Kite's sessions end at 06:00 IST. */
const SESSION_END_HOUR_IST = 6;
/** How long before the lapse /Token warns. */
export const SESSION_WARNING_MS = 60 * 60 * 1000;
/** How long a login started from /Token may take to come back. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** When a session logged in at `loginAt` lapses: the next 06:00 IST after it. */
export function kiteSessionExpiry(loginAt: number): number {
  const today = istDateString(loginAt);
  const [y, m, d] = today.split("-").map(Number);
  const todaysEnd = istWallTimeToEpochMs(y, m, d, SESSION_END_HOUR_IST);
  if (loginAt < todaysEnd) return todaysEnd;
  const [ny, nm, nd] = nextYmd(today).split("-").map(Number);
  return istWallTimeToEpochMs(ny, nm, nd, SESSION_END_HOUR_IST);
}

export type KiteSessionState = { kind: "none" } | { kind: "active"; expiresAt: number } | { kind: "expiring"; expiresAt: number } | { kind: "expired"; expiredAt: number };

/** The session as /Token shows it: none yet, active, lapsing within the hour, or lapsed. */
export function kiteSessionState(expiresAt: number | null, now: number): KiteSessionState {
  if (expiresAt === null) return { kind: "none" };
  if (now >= expiresAt) return { kind: "expired", expiredAt: expiresAt };
  if (expiresAt - now <= SESSION_WARNING_MS) return { kind: "expiring", expiresAt };
  return { kind: "active", expiresAt };
}

const mac = (secret: string, userId: number, issuedAt: number) => createHmac("sha256", secret).update(`kite-login\u0000${userId}\u0000${issuedAt}`).digest("base64url");

/**
 * The state a login carries through Kite and back (Kite returns `redirect_params` untouched): it
 * names the user who started it and when, signed, so a callback from a login someone else
 * started (or an old one) is refused.
 */
export function kiteLoginState(secret: string, userId: number, issuedAt: number): string {
  return `${issuedAt}.${mac(secret, userId, issuedAt)}`;
}

export function isValidKiteLoginState(secret: string, userId: number, state: string, now: number): boolean {
  const [issued, signature] = state.split(".");
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !signature || now - issuedAt > LOGIN_STATE_TTL_MS || issuedAt > now + 60_000) return false;
  const expected = Buffer.from(mac(secret, userId, issuedAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

