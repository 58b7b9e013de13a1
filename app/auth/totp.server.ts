// TOTP (RFC 6238) through otplib 13: 6 digits, 30-second steps, SHA-1, which every
// authenticator app reads from an otpauth:// link. One step of clock drift either side is
// accepted, and a step once used is never accepted again (docs/decisions/121).
//
// The secret is stored sealed (secret-box) together with the last step used, so that the
// replay rule needs no column of its own and the two change in one compare-and-set write.
import { generate, generateSecret, generateURI, verify } from "otplib";
import { TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from "~/domain/two-factor";
import { openSecret, sealSecret } from "./secret-box.server";

export const TOTP_ISSUER = "NSE Signals";

export interface TotpState {
  /** Base32, as the authenticator app holds it. */
  secret: string;
  /** The last time step a code was accepted for; null before the first. */
  lastStep: number | null;
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: "invalid" | "reused" };

/** A new random secret: 20 bytes (160 bits), base32. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// link the enrolment QR code carries. */
export function totpUri(label: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label, secret });
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code an authenticator app shows at `now` (tests, the demo's `npm run totp`). */
export async function totpCodeAt(secret: string, now: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

async function matches(secret: string, code: string, epoch: number, afterTimeStep?: number) {
  try {
    return await verify({ secret, token: code, epoch, epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS, afterTimeStep });
  } catch {
    // otplib throws on a malformed token or secret: that is simply not a valid code.
    return { valid: false as const };
  }
}

/**
 * Checks a 6-digit code against the secret at `now`, allowing one step of drift either side.
 * A code of a step at or before `lastStep` is "reused": it was (or could have been) seen.
 */
export async function checkTotp(state: TotpState, code: string, now: Date = new Date()): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: "invalid" };
  const epoch = Math.floor(now.getTime() / 1000);
  const newest = totpStep(now) + TOTP_DRIFT_STEPS;
  if (state.lastStep === null || state.lastStep < newest) {
    const fresh = await matches(state.secret, code, epoch, state.lastStep ?? undefined);
    // otplib's verify answers for TOTP and HOTP alike; a TOTP answer names its time step.
    if (fresh.valid && "timeStep" in fresh) return { ok: true, step: fresh.timeStep };
  }
  if (state.lastStep === null) return { ok: false, reason: "invalid" };
  const any = await matches(state.secret, code, epoch);
  return { ok: false, reason: any.valid ? "reused" : "invalid" };
}

export function sealTotpState(state: TotpState, key: Buffer): string {
  return sealSecret(JSON.stringify({ secret: state.secret, lastStep: state.lastStep }), key);
}

/** The stored state, or null when it was sealed with another key or altered. */
export function openTotpState(sealed: string, key: Buffer): TotpState | null {
  const plain = openSecret(sealed, key);
  if (plain === null) return null;
  try {
    const value = JSON.parse(plain) as { secret?: unknown; lastStep?: unknown };
    if (typeof value.secret !== "string") return null;
    return { secret: value.secret, lastStep: typeof value.lastStep === "number" ? value.lastStep : null };
  } catch {
    return null;
  }
}
