// JSON answers whose money keeps every paisa. A figure beyond 2^53 paise cannot pass through a
// JS number, so the API's money fields are written as JSON numbers with their exact digits
// (JSON numbers have no precision limit; a client that needs every paisa reads them with a
// decimal-aware parser, e.g. Python's parse_float=Decimal or JSON.parse's source text). The
// documented field types stay numbers (docs/decisions/118).
import { isDecimalNotation, type DecimalText } from "~/domain/decimal";

/** A figure written into JSON as a number with exactly these digits. */
export class JsonDecimal {
  constructor(readonly text: DecimalText) {}

  /** What plain JSON.stringify writes (the nearest double): only a fallback. */
  toJSON(): number {
    return Number(this.text);
  }
}

export function jsonDecimal(text: DecimalText): JsonDecimal {
  return new JsonDecimal(text);
}

function skipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** JSON.stringify's rules, except that a JsonDecimal is written as its exact digits. */
export function stringifyJson(value: unknown): string {
  if (value instanceof JsonDecimal) return isDecimalNotation(value.text) ? value.text.replace(/^\+/, "") : "null";
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return stringifyJson((value as { toJSON(): unknown }).toJSON());
  }
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
  if (Array.isArray(value)) return `[${value.map((item) => (skipped(item) ? "null" : stringifyJson(item))).join(",")}]`;
  if (typeof value === "object") {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (!skipped(item)) parts.push(`${JSON.stringify(key)}:${stringifyJson(item)}`);
    }
    return `{${parts.join(",")}}`;
  }
  return "null";
}

/** A JSON response like Remix's json(), written by stringifyJson. */
export function exactJson(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(stringifyJson(data), { ...init, headers });
}
