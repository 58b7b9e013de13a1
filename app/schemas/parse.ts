// The one door through which every form is parsed: Conform's parseWithZod, after removing the
// NUL character (U+0000) from every text value. PostgreSQL text cannot hold NUL (the insert
// fails with "invalid byte sequence"), and no form of this product has a use for it, so a
// pasted or hostile NUL is dropped here instead of turning a save into a server error.
import { getZodConstraint, parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";

export { getZodConstraint };

const NUL = "\u0000";

/** The payload without NUL characters in its text values (the same object when it has none). */
export function withoutNul<T extends FormData | URLSearchParams>(payload: T): T {
  let dirty = false;
  for (const [, value] of payload.entries()) {
    if (typeof value === "string" && value.includes(NUL)) {
      dirty = true;
      break;
    }
  }
  if (!dirty) return payload;
  const clean = (payload instanceof URLSearchParams ? new URLSearchParams() : new FormData()) as T;
  for (const [key, value] of payload.entries()) {
    (clean as FormData).append(key, typeof value === "string" ? value.replaceAll(NUL, "") : value);
  }
  return clean;
}

export const parseWithZod = ((payload: FormData | URLSearchParams, options: never) =>
  conformParseWithZod(withoutNul(payload), options)) as typeof conformParseWithZod;

/** JSON.parse reviver for API bodies: the same rule as forms, NUL dropped from every string. */
export function withoutNulReviver(_key: string, value: unknown): unknown {
  return typeof value === "string" && value.includes(NUL) ? value.replaceAll(NUL, "") : value;
}
