// The one door through which loaders, actions and the JSON API read what a request carries: its
// query string, its form body, its JSON or text body, and the ids in them (docs/decisions/117).
// What cannot be read is refused here with a 4xx and a message, never passed on to become a 500:
// - an address whose path or query holds a NUL (PostgreSQL text cannot hold one) or an escape
//   that is not UTF-8 answers 400, whichever parameter holds it;
// - a form body that is not a form (JSON or text posted to a page) answers 415, a malformed one
//   400 (request.formData() throws on both); an empty body is an empty form;
// - NUL is dropped from form values (parse.ts, the rule the Zod door applies too);
// - an id is a whole number from 1 to 2^31 - 1 (domain/paging.ts, schemas/record-id.ts): a
//   cursor that is not one answers 400; a filter that is not one is ignored, as before.
// A test (tests/integration/hostile-input.test.ts) fails when code outside this file reads a
// request's body or builds its URL by hand.
import { json } from "@remix-run/node";
import { parseIdParam } from "~/domain/paging";
import { withoutNul } from "./parse";

// The query's parameters by a schema's keys: shared with the browser, so it lives in parse.ts.
export { queryFields } from "./parse";

export const UNREADABLE_ADDRESS = "This address cannot be read: it holds a NUL character or a %-escape that is not UTF-8 text. Please check the link.";
export const FORM_CONTENT_TYPE = "This form must be sent as a web form (application/x-www-form-urlencoded or multipart/form-data).";
export const UNREADABLE_FORM = "This form could not be read: its body is not a well-formed form.";
export const UNREADABLE_BODY = "The request body could not be read.";
export const BAD_CURSOR = "This page link is not valid: it points past the records there are. Please start again from the first page.";

/** A refusal as pages and the JSON API both show it: `message` for the error page, `errors[0].msg` for API clients. */
export function refuseInput(status: 400 | 413 | 415, message: string): never {
  throw json({ status, message, errors: [{ msg: message }] }, { status });
}

// ------------------------------------------------------------------ the query string

/** A path or query string as text: null when one of its %-escapes is not UTF-8 (a lone "%" is a literal, as URLSearchParams reads it). */
function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/%(?![0-9A-Fa-f]{2})/g, "%25").replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * The request's URL, once its path and every query parameter (name and value) are known to be
 * readable text without NUL; else 400. (Path parameters reach queries as text too: a symbol code.)
 */
export function requestUrl(request: Request): URL {
  const url = new URL(request.url);
  for (const part of [url.pathname, url.search.slice(1)]) {
    if (!part.includes("%")) continue;
    const text = decoded(part);
    if (text === null || text.includes("\u0000")) refuseInput(400, UNREADABLE_ADDRESS);
  }
  return url;
}

/** The request's path alone, for a decision made by path (no parameter is read from it). */
export function requestPath(request: Request): string {
  return new URL(request.url).pathname;
}

/** The request's query parameters, readable (see requestUrl). */
export function searchParamsOf(request: Request): URLSearchParams {
  return requestUrl(request).searchParams;
}

/** A keyset cursor (?after=, ?before=): null when absent, the id when it is one, else 400. */
export function cursorParam(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  if (value === null || value === "") return null;
  return parseIdParam(value) ?? refuseInput(400, BAD_CURSOR);
}

// ------------------------------------------------------------------ bodies

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Whether the request says its body is a form (urlencoded or multipart). */
export function isFormBody(request: Request): boolean {
  return FORM_TYPE.test(request.headers.get("Content-Type") ?? "");
}

/** The body as text (JSON bodies of the API); a body that breaks off answers 400. */
export async function readBodyText(request: Request): Promise<string> {
  try {
    return await request.text();
  } catch {
    return refuseInput(400, UNREADABLE_BODY);
  }
}

/**
 * The form a page posted, NUL dropped from its values. A body of another type answers 415 (an
 * empty one is an empty form: a button that sends no field), a malformed form 400.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!isFormBody(request)) {
    if ((await readBodyText(request)) === "") return new FormData();
    refuseInput(415, FORM_CONTENT_TYPE);
  }
  try {
    return withoutNul(await request.formData());
  } catch {
    return refuseInput(400, UNREADABLE_FORM);
  }
}
