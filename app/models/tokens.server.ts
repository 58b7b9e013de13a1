// Random tokens and their stored form. The models that keep sessions and mailed codes make and
// look them up, so the helpers sit here, below auth (which re-exports them for its callers).
import { createHash, randomBytes } from "node:crypto";

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Codes and links are stored as a SHA-256 hash: a leaked table reveals none of them. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
