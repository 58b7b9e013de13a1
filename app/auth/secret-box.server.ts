// Secrets at rest (docs/product-rules.md R-D23): AES-256-GCM with a key derived from SESSION_SECRET by HKDF.
// A stored value is "v1.<iv>.<tag>.<ciphertext>" (base64url); a tampered or foreign value fails
// to open instead of decrypting to garbage.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const SALT = "nse-signals/api-secrets";
const INFO = "aes-256-gcm key v1";

export function deriveSecretKey(appSecret: string): Buffer {
  if (appSecret.length < 16) throw new RangeError("The application secret must be at least 16 characters");
  return Buffer.from(hkdfSync("sha256", appSecret, SALT, INFO, 32));
}

export function sealSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain text, or null when the value was sealed with another key or altered. */
export function openSecret(sealed: string, key: Buffer): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(parts[1], "base64url"));
    decipher.setAuthTag(Buffer.from(parts[2], "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(parts[3], "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
