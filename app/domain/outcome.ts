// What a service answers when it refuses: one message in the user's language, the field it is
// about (a form shows it there, the API names it in errors[].path) and an HTTP-like status. The
// page and the JSON API both call the same service and only translate the refusal: a page into
// its form's error or a toast, the API into {status, message, errors} (api/types.server.ts).
// So a rule and its message exist once, in the service that applies it.

export type ProblemStatus = 400 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503;

export interface Problem {
  status: ProblemStatus;
  message: string;
  /** The form field / body property the message is about, when it is about one. */
  field?: string;
  /** A 429's seconds to wait (a page sends it as Retry-After). */
  retryAfter?: number;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const refuse = <T = never>(message: string, field?: string, status: ProblemStatus = 400): Outcome<T> => ({
  ok: false,
  problem: { status, message, ...(field ? { field } : {}) },
});

export const NOT_FOUND_PROBLEM: Problem = { status: 404, message: "Not found" };

export const notFoundOutcome = <T = never>(): Outcome<T> => ({ ok: false, problem: NOT_FOUND_PROBLEM });
