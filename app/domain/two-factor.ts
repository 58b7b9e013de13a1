// Two-factor sign-in and re-authentication rules with no I/O (docs/decisions/121): who must
// use a second factor, what a typed code is, how recovery codes look, how fresh a sign-in must
// be for a sensitive action, and the paths an account that must enrol may reach meanwhile.
import type { RoleId } from "./access";

/** Roles that must sign in with a second factor (issue 16); the others are offered it. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly RoleId[] = [1, 2];

export const TWO_FACTOR_SETUP_PATH = "/settings/two-factor";
export const REAUTH_PATH = "/reauth";

/** True when this account may not use the product until it has set up two-factor sign-in. */
export function mustEnrolTwoFactor(user: { roleId: RoleId; totpEnabledAt: Date | null }): boolean {
  return TWO_FACTOR_REQUIRED_ROLES.includes(user.roleId) && user.totpEnabledAt === null;
}

/** A TOTP step is 30 seconds; one step either side is accepted for clock drift. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DRIFT_STEPS = 1;

/** The second step of a sign-in waits this long and allows this many tries. */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;
export const SIGN_IN_CHALLENGE_ATTEMPTS = 5;

export const RECOVERY_CODE_COUNT = 10;
/** 16 characters of base32 (80 bits), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;
const RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** A recovery code as typed or shown, reduced to its characters: case, spaces and dashes ignored. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

/** Random bytes (one per character) to the shown form "abcd-efgh-ijkl-mnop". */
export function formatRecoveryCode(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) throw new RangeError(`A recovery code needs ${RECOVERY_CODE_LENGTH} random bytes`);
  let code = "";
  // 256 is a multiple of 32: taking the low five bits keeps every character equally likely.
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_ALPHABET[bytes[i] & 31];
  return code.match(/.{4}/g)!.join("-");
}

export type SecondFactorInput = { kind: "totp"; code: string } | { kind: "recovery"; code: string } | { kind: "malformed" };

/** What the user typed in the one code field: six digits, or a recovery code, or neither. */
export function classifySecondFactor(typed: string): SecondFactorInput {
  const trimmed = typed.trim().replace(/\s/g, "");
  if (/^\d{6}$/.test(trimmed)) return { kind: "totp", code: trimmed };
  const recovery = normaliseRecoveryCode(typed);
  if (recovery.length === RECOVERY_CODE_LENGTH && [...recovery].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: "recovery", code: recovery };
  }
  return { kind: "malformed" };
}

/** How long a sign-in counts as fresh for a sensitive action, unless REAUTH_WINDOW_SECONDS says otherwise. */
export const DEFAULT_REAUTH_WINDOW_SECONDS = 5 * 60;

/** True when the session's last proof of identity is recent enough for a sensitive action. */
export function isRecentlyAuthenticated(authenticatedAt: Date, now: Date, windowSeconds: number): boolean {
  const age = now.getTime() - authenticatedAt.getTime();
  return age >= -60_000 && age <= windowSeconds * 1000;
}

/** "5 minutes", "30 seconds": the window in the messages. */
export function formatReauthWindow(windowSeconds: number): string {
  if (windowSeconds % 60 === 0) {
    const minutes = windowSeconds / 60;
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  return `${windowSeconds} second${windowSeconds === 1 ? "" : "s"}`;
}
