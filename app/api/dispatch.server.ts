// The JSON API router: every /api request is answered from the one table (API_CALLS).
// Order of checks: token (401) → path (404) → method (405) → role (403) → params (404) →
// query and body (400, errors[0].msg) → handler (200/201, or its own 404/403/400).
import { withoutNul, withoutNulReviver } from "~/schemas/parse";
import { isFormBody, readBodyText, readForm, requestUrl } from "~/schemas/request-input.server";
import { json } from "@remix-run/node";
import * as z from "zod";
import type { AppContext } from "~/config/context";
import { requireApiUser } from "~/auth/guards.server";
import { ReauthenticationRequired } from "~/auth/reauth.server";
import type { SessionUser } from "~/auth/session.server";
import { FORBIDDEN_MESSAGE, UNKNOWN_CALL_MESSAGE } from "./messages";
import { exactJson } from "./exact-json.server";
import { mayCall } from "./roles";
import { API_CALLS } from "./table.server";
import { apiError, type ApiCall, type ApiMethod } from "./types.server";
import { readUpload } from "~/services/uploads.server";



interface PathMatch {
  call: ApiCall;
  params: Record<string, string>;
  /** Literal segments matched: a literal beats a {param} (referencePoint/all over /{symbol}). */
  literals: number;
}

function segments(path: string): string[] {
  return path.replace(/\/+$/, "").split("/").filter(Boolean);
}

function matchPath(pattern: string, pathname: string): Omit<PathMatch, "call"> | null {
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  let literals = 0;
  for (let i = 0; i < want.length; i += 1) {
    const param = /^\{(\w+)\}$/.exec(want[i]);
    let segment: string;
    try {
      segment = decodeURIComponent(have[i]);
    } catch {
      return null;
    }
    if (param) params[param[1]] = segment;
    // Case-insensitive, as the page routes are (the documents mix cases: referencePoint).
    else if (want[i].toLowerCase() === segment.toLowerCase()) literals += 1;
    else return null;
  }
  return { params, literals };
}

/** The calls whose path matches, most literal first. */
export function matchCalls(pathname: string, calls: readonly ApiCall[] = API_CALLS): PathMatch[] {
  const found: PathMatch[] = [];
  for (const call of calls) {
    const m = matchPath(call.path, pathname);
    if (m) found.push({ call, ...m });
  }
  return found.sort((a, b) => b.literals - a.literals);
}

function requestMethod(request: Request): ApiMethod | "OTHER" {
  const m = request.method.toUpperCase();
  if (m === "HEAD") return "GET";
  return m === "GET" || m === "POST" || m === "PUT" || m === "DELETE" ? m : "OTHER";
}

// ------------------------------------------------------------------ input

function issuesToErrors(issues: readonly z.core.$ZodIssue[], aliases: Readonly<Record<string, string>> = {}) {
  const documented = Object.fromEntries(Object.entries(aliases).map(([doc, key]) => [key, doc]));
  return issues.map((issue) => {
    const [head, ...rest] = issue.path.map(String);
    const path = head === undefined ? "" : [documented[head] ?? head, ...rest].join(".");
    return { msg: issue.message, ...(path ? { path } : {}) };
  });
}

function badRequest(errors: { msg: string; path?: string }[]): never {
  throw json({ status: 400, message: errors[0]?.msg ?? "Bad request", errors }, { status: 400 });
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}

function acceptsAsIs(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    // An option with an async check cannot be tried here: leave the value to the schema.
    return true;
  }
}

/** The documents send flags as 1/0 and numbers as text in forms: read them as the schema's types. */
function coerceToSchema(value: unknown, schema: z.ZodType): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodBoolean) {
    if (value === 1 || value === "1" || value === "true" || value === "on") return true;
    if (value === 0 || value === "0" || value === "false") return false;
    return value;
  }
  if (inner instanceof z.ZodNumber) {
    return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  if (inner instanceof z.ZodArray) {
    // null is the documents' "no list" (sector_id: null): the schema decides whether it may be.
    if (value === undefined || value === null) return value;
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => coerceToSchema(item, inner.element as z.ZodType));
  }
  // A union of object bodies (a call with two forms, e.g. trade/update): each option's fields.
  // A text value (a form field) that no option takes as it is is read as the first plain option
  // that coerces it (an id among {symbol_id, sector_id} pairs).
  if (inner instanceof z.ZodUnion) {
    if (value === null || typeof value !== "object") {
      if (acceptsAsIs(inner, value)) return value;
      for (const option of inner.options as z.ZodType[]) {
        const read = coerceToSchema(value, option);
        if (read !== value) return read;
      }
      return value;
    }
    let out: unknown = value;
    for (const option of inner.options as z.ZodType[]) if (unwrap(option) instanceof z.ZodObject) out = coerceToSchema(out, option);
    return out;
  }
  if (inner instanceof z.ZodObject && value && typeof value === "object" && !Array.isArray(value)) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, field] of Object.entries(shape)) if (key in out) out[key] = coerceToSchema(out[key], field);
    return out;
  }
  return value;
}

async function readRawBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const text = await readBodyText(request);
    if (text.trim() === "") return undefined;
    try {
      return JSON.parse(text, withoutNulReviver);
    } catch {
      badRequest([{ msg: "The body is not valid JSON" }]);
    }
  }
  if (isFormBody(request)) {
    const form = await readForm(request);
    const out: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key).filter((v): v is string => typeof v === "string");
      out[key] = all.length === 1 ? all[0] : all;
    }
    return out;
  }
  return undefined;
}

function renameAliases(raw: unknown, aliases: Readonly<Record<string, string>> | undefined): unknown {
  if (!aliases || !raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) out[aliases[key] ?? key] = value;
  return out;
}

/** A multipart upload through the Upload page's reader: the text fields, and the files of the call's field. */
async function readUploadBody(request: Request, files: string): Promise<Record<string, unknown>> {
  const upload = await readUpload(request, { fileField: files });
  if (upload.problem) badRequest([{ msg: upload.problem }]);
  const out: Record<string, unknown> = {};
  const fields = withoutNul(upload.fields);
  for (const key of new Set(fields.keys())) {
    const all = fields.getAll(key).filter((v): v is string => typeof v === "string");
    if (all.length > 0) out[key] = all.length === 1 ? all[0] : all;
  }
  out[files] = upload.files;
  return out;
}

async function parseBody(call: ApiCall, request: Request): Promise<unknown> {
  if (!call.body) return undefined;
  let raw = call.upload ? await readUploadBody(request, call.upload.files) : await readRawBody(request);
  if (call.bodyIsArrayOfOne && Array.isArray(raw)) raw = raw[0];
  if (call.bodyWrappedIn && raw && typeof raw === "object" && !Array.isArray(raw)) {
    const inner = (raw as Record<string, unknown>)[call.bodyWrappedIn];
    if (inner && typeof inner === "object" && !Array.isArray(inner)) raw = inner;
  }
  const input = coerceToSchema(renameAliases(raw ?? {}, call.aliases), call.body);
  const parsed = await call.body.safeParseAsync(input);
  if (!parsed.success) badRequest(issuesToErrors(parsed.error.issues, call.aliases));
  return parsed.data;
}

async function parseQuery(call: ApiCall, url: URL): Promise<unknown> {
  // (url comes from requestUrl: its parameters are readable text without NUL.)
  if (!call.query) return {};
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    raw[key] = all.length === 1 ? all[0] : all;
  }
  const parsed = await call.query.safeParseAsync(raw);
  if (!parsed.success) badRequest(issuesToErrors(parsed.error.issues));
  return parsed.data;
}

// ------------------------------------------------------------------ the router

async function route(request: Request, context: AppContext): Promise<Response> {
  const url = requestUrl(request);
  const method = requestMethod(request);
  const matches = matchCalls(url.pathname);
  const hit = matches.find((m) => m.call.method === method);

  // The token first: without one, nothing is said about which calls exist (docs/product-rules.md R-D8).
  const user: SessionUser | null = hit?.call.public ? null : await requireApiUser(request, context);
  if (matches.length === 0) return json({ status: 404, message: UNKNOWN_CALL_MESSAGE, errors: [{ msg: UNKNOWN_CALL_MESSAGE }] }, { status: 404 });
  if (!hit) {
    const allow = [...new Set(matches.map((m) => m.call.method))].join(", ");
    const message = `Method Not Allowed: use ${allow}`;
    return json({ status: 405, message, errors: [{ msg: message }] }, { status: 405, headers: { Allow: allow } });
  }
  const { call } = hit;
  if (user && !mayCall(user.roleId, call)) apiError(403, FORBIDDEN_MESSAGE);

  let params: unknown = {};
  if (call.params) {
    const parsed = call.params.safeParse(hit.params);
    // A malformed id names nothing that exists.
    if (!parsed.success) apiError(404, "Not found");
    params = parsed.data;
  }
  const query = await parseQuery(call, url);
  const body = await parseBody(call, request);
  const result = await call.handle({ params, query, body, user, context, request });
  if (result instanceof Response) return result;
  // Money fields (JsonDecimal) are written with their exact digits.
  return exactJson(result, { status: call.status });
}

/** Answers an /api request; thrown answers (guards, apiError) are returned as they are. */
export async function dispatchApi(request: Request, context: AppContext): Promise<Response> {
  try {
    return await route(request, context);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // A sensitive call on a session that signed in too long ago (docs/decisions/121).
    if (thrown instanceof ReauthenticationRequired) {
      return json({ status: 403, message: thrown.apiMessage, errors: [{ msg: thrown.apiMessage }], reauth_required: true }, { status: 403 });
    }
    throw thrown;
  }
}
