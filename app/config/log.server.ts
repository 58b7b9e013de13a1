// One redaction for every log line (docs/decisions/114): session ids, tokens, passwords,
// one-time codes, API secrets, cookies and Authorization headers never reach stdout/stderr.
// installLogRedaction() routes console.* through it, so Remix's and Express's own error logging,
// drizzle's "Failed query … params:" errors and the app's log lines are all covered.
import { formatWithOptions } from "node:util";

export const REDACTED = "[redacted]";

/** Object keys whose values are secrets (or, like query parameters, may hold one). */
const SENSITIVE_KEY =
  /^(params|parameters|values|password|passwd|new_?password|current_?password|confirm_?password|password_?hash|pass|token|access_?token|refresh_?token|api_?token|api_?token_?enc|api_?secret|api_?secret_?enc|secret|session_?secret|otp|otp_?code|totp|verification_?code|session_?id|sessionid|authorization|cookie|set-cookie|x-api-key)$/i;

const TEXT_RULES: [RegExp, string | ((...groups: string[]) => string)][] = [
  // drizzle's DrizzleQueryError message: "Failed query: <sql>\nparams: <values>". The SQL says
  // what failed; the values may be a session id or a password hash.
  [/^(\s*)params: .*$/gm, `$1params: ${REDACTED}`],
  // Authorization: Bearer <token> / Basic <credentials>, wherever they appear.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // Headers and key/value pairs (JSON, inspect output, form bodies, query strings).
  [
    /\b(authorization|cookie|set-cookie|x-api-key)(["']?\s*[:=]\s*)(["']?)([^"'\n]+)/gi,
    (_m, key, sep, quote) => `${key}${sep}${quote}${REDACTED}`,
  ],
  [
    /\b(password|passwd|new_?password|current_?password|confirm_?password|token|access_?token|refresh_?token|api_?token|api_?secret|secret|otp|otp_?code|totp|verification_?code|session_?id|sessionId)(["']?\s*[:=]\s*)(["']?)([^"'&\s,;}\]]+)/gi,
    (_m, key, sep, quote) => `${key}${sep}${quote}${REDACTED}`,
  ],
  // Cookie pairs such as __session=<signed id>.
  [/\b(__[A-Za-z0-9_-]+)=([^;\s"',]+)/g, `$1=${REDACTED}`],
  // Anything shaped like a random token (session ids are 43 base64url characters; scrypt
  // hashes, API secrets and signed cookies are longer): 32+ token characters with a digit.
  [/(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g, REDACTED],
];

/** The text with every secret it carries replaced by [redacted]. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) {
    out = out.replace(pattern, replacement as string);
  }
  return out;
}

/**
 * A copy of a logged value with secret-named fields blanked and strings redacted, so the
 * structure (an error's name, SQL, cause, code) still reads as it did.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value) || depth > 6) return value instanceof Error ? redactError(value, depth, seen) : "[…]";
  seen.add(value);
  if (value instanceof Error) return redactError(value, depth, seen);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  if (value instanceof Date || value instanceof RegExp || Buffer.isBuffer(value)) return value;
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, isSensitiveKey(k) ? REDACTED : redactValue(v, depth + 1, seen)]));
  if (typeof (value as { headers?: unknown }).headers === "object" && value.constructor?.name?.match(/^(Request|Response|Headers)$/)) {
    return `[${value.constructor.name}]`;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) copy[key] = isSensitiveKey(key) ? REDACTED : redactValue(v, depth + 1, seen);
  return copy;
}

function isSensitiveKey(key: unknown): boolean {
  return typeof key === "string" && SENSITIVE_KEY.test(key);
}

function redactError(error: Error, depth: number, seen: WeakSet<object>): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  const hidden = (name: string, v: unknown) => Object.defineProperty(copy, name, { value: v, enumerable: false, writable: true, configurable: true });
  hidden("message", redact(error.message ?? ""));
  hidden("stack", redact(error.stack ?? `${error.name}: ${error.message}`));
  for (const [key, v] of Object.entries(error)) {
    (copy as unknown as Record<string, unknown>)[key] = isSensitiveKey(key) ? REDACTED : redactValue(v, depth + 1, seen);
  }
  if ("cause" in error && error.cause !== undefined) hidden("cause", redactValue(error.cause, depth + 1, seen));
  return copy;
}

/** console.log-style arguments as one redacted line. */
export function formatLogLine(args: unknown[]): string {
  return redact(formatWithOptions({ colors: false, depth: 6 }, ...args.map((a) => redactValue(a))));
}

const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;
let installed = false;

/** Routes console.* through the redaction; call once, first thing in the server process. */
export function installLogRedaction(): void {
  if (installed) return;
  installed = true;
  for (const method of METHODS) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => original(formatLogLine(args));
  }
}

/** For a request that failed: what was asked (method and path, never the query string). */
export function describeRequest(request: Request): string {
  try {
    return `${request.method} ${new URL(request.url).pathname}`;
  } catch {
    return request.method;
  }
}
