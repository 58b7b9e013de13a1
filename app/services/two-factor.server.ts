// Two-factor sign-in (docs/decisions/121): enrolment, recovery codes and the one check of a
// second factor that the sign-in (app/services/sign-in.server.ts), re-authentication and the
// settings page all use. Every message the user reads is in app/schemas/two-factor.ts.
import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import type { AppContext } from "~/config/context";
import { classifySecondFactor, formatRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, TWO_FACTOR_REQUIRED_ROLES } from "~/domain/two-factor";
import type { RoleId } from "~/domain/access";
import { findPasswordHash } from "~/models/user.server";
import {
  countUnusedRecoveryCodes,
  disableTotp,
  enableTotp,
  findTwoFactorRecord,
  replaceRecoveryCodes,
  replaceTotpSecret,
  storePendingTotpSecret,
  consumeRecoveryCode,
} from "~/models/two-factor.server";
import { CODE_REUSED, CODE_WRONG, CONFIRM_WITH_CODE_OR_PASSWORD, ENTER_CODE, RECOVERY_CODE_WRONG, SECRET_UNREADABLE } from "~/schemas/two-factor";
import { resolveSessionSecret } from "~/config/env.server";
import { deriveSecretKey } from "~/auth/secret-box.server";
import { hashToken, verifyPassword } from "~/auth/password.server";
import { consumeLimit, isLimited, waitMessage } from "~/auth/rate-limit.server";
import { checkTotp, newTotpSecret, openTotpState, sealTotpState, totpUri } from "~/auth/totp.server";

export type TwoFactorContext = Pick<AppContext, "db" | "env" | "limiters">;
type Ctx = TwoFactorContext;

/** The key TOTP secrets are sealed with: derived from the session secret, as the live-rate credentials' is. */
function twoFactorKey(env: AppContext["env"]): Buffer {
  return deriveSecretKey(resolveSessionSecret(env));
}

// ---------------------------------------------------------------- the one second-factor check

export type SecondFactorOutcome = { ok: true; method: "totp" | "recovery" } | { ok: false; status: 400 | 429; message: string };

const limiterKey = (userId: number) => `2fa:${userId}`;

async function wrongGuess(context: Ctx, userId: number, message: string): Promise<SecondFactorOutcome> {
  // Every wrong guess counts against the account, whichever page or call it came through.
  await consumeLimit(context.limiters.codeAttemptsByEmail, limiterKey(userId));
  return { ok: false, status: 400, message };
}

/**
 * Checks what the user typed as a second factor: a 6-digit code (one step of drift either side,
 * never a step already used) or an unused recovery code (used up by this call). Wrong guesses
 * are limited per account (codeAttemptsByEmail). `only` restricts the kind (the API's fields).
 */
export async function verifySecondFactor(
  context: Ctx,
  userId: number,
  typed: string,
  options: { only?: "totp" | "recovery"; now?: Date } = {},
): Promise<SecondFactorOutcome> {
  const wait = await isLimited(context.limiters.codeAttemptsByEmail, limiterKey(userId));
  if (wait) return { ok: false, status: 429, message: waitMessage(wait) };
  const input = classifySecondFactor(typed);
  if (input.kind === "malformed" || (options.only && input.kind !== options.only)) return { ok: false, status: 400, message: ENTER_CODE };

  if (input.kind === "recovery") {
    const used = await consumeRecoveryCode(context.db, userId, hashToken(input.code), options.now);
    return used ? { ok: true, method: "recovery" } : wrongGuess(context, userId, RECOVERY_CODE_WRONG);
  }
  const record = await findTwoFactorRecord(context.db, userId);
  if (!record?.totpSecret || !record.totpEnabledAt) return wrongGuess(context, userId, CODE_WRONG);
  const state = openTotpState(record.totpSecret, twoFactorKey(context.env));
  if (!state) return { ok: false, status: 400, message: SECRET_UNREADABLE };
  const check = await checkTotp(state, input.code, options.now);
  if (!check.ok) {
    // A code already used is not a guess (it cannot succeed): it costs no try of the account.
    return check.reason === "reused" ? { ok: false, status: 400, message: CODE_REUSED } : wrongGuess(context, userId, CODE_WRONG);
  }
  const stored = await replaceTotpSecret(context.db, userId, record.totpSecret, sealTotpState({ ...state, lastStep: check.step }, twoFactorKey(context.env)));
  // Another request stored a step first: the same code, used twice at once.
  if (!stored) return { ok: false, status: 400, message: CODE_REUSED };
  return { ok: true, method: "totp" };
}

// ---------------------------------------------------------------- enrolment (/settings/two-factor)

export interface TwoFactorSettings {
  enabled: boolean;
  required: boolean;
  /** A secret awaiting its first code: shown as a QR code and as text. */
  pending: { secret: string; uri: string; qrDataUrl: string } | null;
  unusedRecoveryCodes: number;
}

export async function loadTwoFactorSettings(context: Ctx, user: { id: number; email: string; roleId: RoleId }): Promise<TwoFactorSettings> {
  const record = await findTwoFactorRecord(context.db, user.id);
  const required = TWO_FACTOR_REQUIRED_ROLES.includes(user.roleId);
  if (record?.totpEnabledAt) {
    return { enabled: true, required, pending: null, unusedRecoveryCodes: await countUnusedRecoveryCodes(context.db, user.id) };
  }
  const state = record?.totpSecret ? openTotpState(record.totpSecret, twoFactorKey(context.env)) : null;
  if (!state) return { enabled: false, required, pending: null, unusedRecoveryCodes: 0 };
  const uri = totpUri(user.email, state.secret);
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    enabled: false,
    required,
    pending: { secret: state.secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` },
    unusedRecoveryCodes: 0,
  };
}

/** A new secret to scan (replacing an unconfirmed one); nothing changes when two-factor sign-in is on. */
export async function startEnrolment(context: Ctx, userId: number): Promise<void> {
  await storePendingTotpSecret(context.db, userId, sealTotpState({ secret: newTotpSecret(), lastStep: null }, twoFactorKey(context.env)));
}

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(RECOVERY_CODE_LENGTH)));
  return { codes, hashes: codes.map((code) => hashToken(normaliseRecoveryCode(code))) };
}

export type EnrolmentOutcome = { ok: true; recoveryCodes: string[] } | { ok: false; status: 400 | 409 | 429; message: string };

/** The first code from the app proves the scan worked: two-factor sign-in is on, with new recovery codes. */
export async function confirmEnrolment(context: Ctx, userId: number, code: string, now = new Date()): Promise<EnrolmentOutcome> {
  const wait = await isLimited(context.limiters.codeAttemptsByEmail, limiterKey(userId));
  if (wait) return { ok: false, status: 429, message: waitMessage(wait) };
  const record = await findTwoFactorRecord(context.db, userId);
  if (record?.totpEnabledAt) return { ok: false, status: 409, message: "Two-factor sign-in is already on." };
  const state = record?.totpSecret ? openTotpState(record.totpSecret, twoFactorKey(context.env)) : null;
  if (!record?.totpSecret || !state) return { ok: false, status: 400, message: "Please start the set-up again: press “Set up two-factor sign-in”." };
  const check = await checkTotp(state, code, now);
  if (!check.ok) {
    await consumeLimit(context.limiters.codeAttemptsByEmail, limiterKey(userId));
    return { ok: false, status: 400, message: CODE_WRONG };
  }
  const { codes, hashes } = newRecoveryCodes();
  const sealed = sealTotpState({ ...state, lastStep: check.step }, twoFactorKey(context.env));
  if (!(await enableTotp(context.db, userId, record.totpSecret, sealed, hashes, now))) {
    return { ok: false, status: 409, message: "The set-up changed in another window. Please scan the new code." };
  }
  return { ok: true, recoveryCodes: codes };
}

export type ConfirmationOutcome = { ok: true } | { ok: false; status: 400 | 429; message: string };

/** Sensitive changes on the settings page: a current code from the app, or the account's password. */
async function confirmIdentity(context: Ctx, userId: number, typed: string): Promise<ConfirmationOutcome> {
  if (/^\s*\d{6}\s*$/.test(typed)) {
    const outcome = await verifySecondFactor(context, userId, typed, { only: "totp" });
    if (outcome.ok || outcome.status === 429) return outcome.ok ? { ok: true } : outcome;
  }
  const wait = await isLimited(context.limiters.codeAttemptsByEmail, limiterKey(userId));
  if (wait) return { ok: false, status: 429, message: waitMessage(wait) };
  const hash = await findPasswordHash(context.db, userId);
  if (hash && (await verifyPassword(typed, hash))) return { ok: true };
  await consumeLimit(context.limiters.codeAttemptsByEmail, limiterKey(userId));
  return { ok: false, status: 400, message: `${CONFIRM_WITH_CODE_OR_PASSWORD}: what you entered is neither.` };
}

export async function regenerateRecoveryCodes(
  context: Ctx,
  userId: number,
  confirmation: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; status: 400 | 409 | 429; message: string }> {
  const record = await findTwoFactorRecord(context.db, userId);
  if (!record?.totpEnabledAt) return { ok: false, status: 409, message: "Two-factor sign-in is off: there are no recovery codes to replace." };
  const confirmed = await confirmIdentity(context, userId, confirmation);
  if (!confirmed.ok) return confirmed;
  const { codes, hashes } = newRecoveryCodes();
  await replaceRecoveryCodes(context.db, userId, hashes);
  return { ok: true, recoveryCodes: codes };
}

export async function turnOffTwoFactor(context: Ctx, userId: number, confirmation: string): Promise<ConfirmationOutcome> {
  const confirmed = await confirmIdentity(context, userId, confirmation);
  if (!confirmed.ok) return confirmed;
  await disableTotp(context.db, userId);
  return { ok: true };
}
