// The JSON API's one table: every call is a row (method, path, the page whose permission it
// carries, schemas, response shape, a sample for the contract test) plus its handler.
// The router (dispatch.server.ts), the OpenAPI document, the reference page and the contract
// tests are all built from the rows; see docs/decisions/100-json-api.md.
import * as z from "zod";
import type { AppContext } from "~/config/context";
import type { RoleId } from "~/domain/access";
import type { SessionUser } from "~/auth/session.server";
import type { Outcome } from "~/domain/outcome";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * What a handler receives: validated params, query and body, and the caller — the signed-in
 * user, or null for a public call (sign-in, the reference), which no token reaches.
 */
export interface ApiInput<P, Q, B, U extends SessionUser | null = SessionUser> {
  params: P;
  query: Q;
  body: B;
  user: U;
  context: AppContext;
  request: Request;
}

/**
 * Rows the contract test has created before it runs the table: one user per role and one of
 * each catalogue row, plus makers for calls that consume their row (delete, status).
 */
export interface ApiFixture {
  users: Record<RoleId, { id: number; email: string; password: string }>;
  sectorId: number;
  symbolId: number;
  symbolCode: string;
  chaviId: number;
  calendarId: number;
  referencePointId: number;
  /** The support account (the first active role-1 user) clients write to. */
  supportId: number;
  /** The OTP the live-rate provider mails for these credentials (it is asked for one first). */
  providerOtp(apiToken: string, apiSecret: string): Promise<string>;
  /** What the role's fixture user adds to a re-authentication: a fresh otp when it uses two-factor sign-in. */
  secondFactor(role: RoleId): Promise<{ otp?: string }>;
  /** A new unverified customer and the code mailed to it. */
  pendingSignup(): Promise<{ email: string; otp: string }>;
  /** Every key's name in the current key order. */
  keyNames(): Promise<string[]>;
  /** The ids of a role's fixture user's watchlists, in tab order. */
  watchlistIds(role: RoleId): Promise<number[]>;
  make: {
    sector(): Promise<{ id: number; name: string }>;
    symbol(): Promise<{ id: number; code: string }>;
    chavi(): Promise<{ id: number; name: string }>;
    user(roleId: RoleId): Promise<{ id: number }>;
    referencePoint(): Promise<{ id: number }>;
    /** An alert of the role's fixture user on the fixture symbol. */
    alert(role: RoleId): Promise<number>;
    /** A watchlist of the role's fixture user, holding the fixture symbol when asked. */
    watchlist(role: RoleId, withSymbol?: boolean): Promise<number>;
    /** An open BUY trade of the role's fixture user on the fixture symbol. */
    trade(role: RoleId): Promise<number>;
    /** A symbol suggestion on the fixture symbol. */
    suggestion(): Promise<number>;
    /** A calendar entry on a day no other fixture entry has. */
    calendarEntry(): Promise<number>;
  };
}

/** A valid call: path params, query and body as a client would send them. */
export interface ApiSample {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

type Obj = z.ZodObject<z.ZodRawShape>;

interface ApiCallBase<P extends Obj, Q extends Obj, B extends z.ZodType> {
  /** The documents' name of the call, e.g. "admin/symbol/create". */
  id: string;
  method: ApiMethod;
  /** Under /api, params as {name}: "/api/admin/user/{id}". */
  path: string;
  /** Group in the reference: "Symbols", "Keys" ... */
  tag: string;
  summary: string;
  /**
   * The access table path whose permission the call carries (docs/product-rules.md R-D1, R-D2): the caller's role
   * must reach this page. `roles` narrows it further, as requireRole does on a page.
   */
  page: string;
  roles?: readonly RoleId[];
  /** The documents' method when this call is served under another (docs/product-rules.md R-D24): it answers 405. */
  documentedMethod?: ApiMethod;
  params?: P;
  query?: Q;
  /** The form's schema (app/schemas). */
  body?: B;
  /** The documents' field names for the schema's keys: { sector_id: "sectorId" }. */
  aliases?: Readonly<Record<string, string>>;
  /** The documents post this body as a one-element array (marque). */
  bodyIsArrayOfOne?: boolean;
  /** The documents wrap this body in one key: {payload: {...}} (suggestions). An unwrapped body is accepted too. */
  bodyWrappedIn?: string;
  /**
   * The body is multipart/form-data with files, read by the Upload page's own reader (readUpload:
   * its size and count limits, empty and ZIP files named). The schema (`body`) receives the text
   * fields plus, under `files`, the files sent in that field as UploadedFile[] (name, size, text,
   * problem); files under other names are dropped. OpenAPI shows the field as binary parts of
   * `accept`. A sample gives the files as `{ [files]: [{ name, content }] }`.
   */
  upload?: { files: string; accept: string };
  /** Success status: 200 or 201 only. */
  status: 200 | 201;
  /** The response shape (JSON), checked by the contract test and published in OpenAPI. */
  response: z.ZodType;
  /** A response that is not JSON (the reference page). */
  contentType?: "text/html";
  /**
   * A file download instead of JSON: the media types the call may answer, always sent with
   * `Content-Disposition: attachment; filename="..."`. The contract test checks the type and the
   * header, reads the body as bytes (a Uint8Array) and checks them with `response`; OpenAPI lists
   * each type as a binary body. Errors are JSON as everywhere.
   */
  download?: readonly string[];
  /** A valid call for the contract test; called afresh for every role it runs as. */
  sample(fixture: ApiFixture, role: RoleId): ApiSample | Promise<ApiSample>;
  /**
   * A bad call and the message it answers in errors[0].msg with 400: a bad body (required with a
   * body: the form's message), or for a call without a body a bad query (replacing the sample's).
   */
  invalid?: { body?: unknown; query?: Record<string, string>; message: string };
}

/** A call for signed-in callers: its handler always has the user. */
export interface SignedInCallSpec<P extends Obj, Q extends Obj, B extends z.ZodType> extends ApiCallBase<P, Q, B> {
  public?: false;
  handle(input: ApiInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<unknown>;
}

/** Reachable without a token (sign-in, the API's own reference): its handler sees `user: null`. */
export interface PublicCallSpec<P extends Obj, Q extends Obj, B extends z.ZodType> extends ApiCallBase<P, Q, B> {
  public: true;
  handle(input: ApiInput<z.output<P>, z.output<Q>, z.output<B>, null>): Promise<unknown>;
}

export type ApiCallSpec<P extends Obj, Q extends Obj, B extends z.ZodType> = SignedInCallSpec<P, Q, B> | PublicCallSpec<P, Q, B>;

/** A row of the table, its schemas erased: the router hands the user it found, or null to a public call. */
export type ApiCall = ApiCallBase<Obj, Obj, z.ZodType> & {
  public?: boolean;
  handle(input: ApiInput<unknown, unknown, unknown, SessionUser | null>): Promise<unknown>;
};

/** Types a row's handler by its schemas (a public call's user is null), then stores it in the table without them. */
export function defineCall<P extends Obj = z.ZodObject<{}>, Q extends Obj = z.ZodObject<{}>, B extends z.ZodType = z.ZodUndefined>(
  spec: PublicCallSpec<P, Q, B>,
): ApiCall;
export function defineCall<P extends Obj = z.ZodObject<{}>, Q extends Obj = z.ZodObject<{}>, B extends z.ZodType = z.ZodUndefined>(
  spec: SignedInCallSpec<P, Q, B>,
): ApiCall;
export function defineCall(spec: unknown): ApiCall {
  return spec as ApiCall;
}

// ------------------------------------------------------------------ answers

export interface ApiErrorBody {
  status: number;
  message: string;
  errors: { msg: string; path?: string }[];
}

/** Throws the API's error answer: {status, message, errors: [{msg}]}. */
export function apiError(status: 400 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503, message: string, path?: string): never {
  const body: ApiErrorBody = { status, message, errors: [{ msg: message, ...(path ? { path } : {}) }] };
  throw new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/**
 * Throws an error answer listing several problems (errors[0].msg is the first), with any extra
 * fields the call documents beside them (e.g. a per-row outcome).
 */
export function apiErrors(status: 400 | 413 | 422, errors: readonly { msg: string; path?: string }[], extra: Record<string, unknown> = {}): never {
  const body = { status, message: errors[0]?.msg ?? "Bad request", errors, ...extra };
  throw new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

export const NOT_FOUND_MESSAGE = "Not found";

export function apiNotFound(message = NOT_FOUND_MESSAGE): never {
  return apiError(404, message);
}

/** A bad input found after the schema (a taken name): the same 400 as a schema failure. */
export function badInput(message: string, path?: string): never {
  return apiError(400, message, path);
}

/**
 * A service's answer as the API's: its value, or its refusal as {status, message, errors: [{msg, path}]}.
 * `aliases` are the call's own (documented name → form field): a refusal about a form field
 * names it as the documents do, like a schema failure (symbol → symbol_code).
 */
export function valueOrApiError<T>(outcome: Outcome<T>, aliases: Readonly<Record<string, string>> = {}): T {
  if (outcome.ok) return outcome.value;
  const { field } = outcome.problem;
  const documented = field ? (Object.entries(aliases).find(([, key]) => key === field)?.[0] ?? field) : undefined;
  return apiError(outcome.problem.status, outcome.problem.message, documented);
}
