// The one door through which every form is parsed: Conform's parseWithZod, after removing the
// NUL character (U+0000) from every text value. PostgreSQL text cannot hold NUL (the insert
// fails with "invalid byte sequence"), and no form of this product has a use for it, so a
// pasted or hostile NUL is dropped here instead of turning a save into a server error.
// Requests themselves (query, form body, JSON body, cursors) are read through
// request-input.server.ts, which uses these rules (docs/decisions/117).
import * as z from "zod";
import { getZodConstraint, parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";
import type { Problem } from "~/domain/outcome";

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

/** The object keys a schema reads (objects, their intersections, pipes and wrappers). */
function schemaKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === "intersection") return [...schemaKeys(def.left as z.ZodType), ...schemaKeys(def.right as z.ZodType)];
  if (def.type === "pipe") return schemaKeys(def.in as z.ZodType);
  const inner = def.innerType as z.ZodType | undefined;
  return inner ? schemaKeys(inner) : [];
}

/**
 * The query parameters a schema reads, each by its first value (a parameter given twice counts
 * once), ready for `schema.safeParse`; parameters it does not read are left out. With
 * `emptyAsMissing`, `to=` reads as missing, not as "".
 */
export function queryFields(params: URLSearchParams, schema: z.ZodType, options: { emptyAsMissing?: boolean } = {}): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of schemaKeys(schema)) {
    const value = params.get(key);
    if (value === null) continue;
    out[key] = options.emptyAsMissing && value === "" ? undefined : value;
  }
  return out;
}

/**
 * A service's refusal as a form's answer: under its field when it names one the form has,
 * otherwise above the form.
 */
export function replyWithProblem<R>(
  submission: { reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[] }) => R },
  problem: Problem,
  options: { hideFields?: string[] } = {},
): R {
  return problem.field
    ? submission.reply({ fieldErrors: { [problem.field]: [problem.message] }, ...options })
    : submission.reply({ formErrors: [problem.message], ...options });
}
