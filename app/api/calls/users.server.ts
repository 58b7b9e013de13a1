// Users and Login Users (docs/product-rules.md R-AC7 Users). Who may write which account is the pure
// rule mayWriteAccount (app/domain/user-admin.ts), as on the /users pages.
import * as z from "zod";
import {
  ACCOUNT_NOT_MANAGEABLE,
  createAccount,
  deleteAccount,
  findAccountForEdit,
  listAccountsPageWithDetails,
  listSignedInAccounts,
  listUserReport,
  setUserActive,
  updateAccount,
} from "~/services/accounts.server";
import type { Outcome } from "~/domain/outcome";
import { LONG_PAGE_SIZE, PAGE_SIZE } from "~/domain/paging";
import { USER_LIST_DEFAULTS } from "~/domain/user-admin";
import { createUserApiSchema, updateUserApiSchema, USER_SAVED } from "~/schemas/user-admin";
import { createdShape, idParam, isoDateTime, listShape, messageShape, pageQuery, statusBody, ymdDate } from "../shapes";
import { apiError, apiNotFound, defineCall, valueOrApiError } from "../types.server";
import { FORBIDDEN_MESSAGE } from "../messages";
import { strictRecordId } from "~/schemas/record-id";
import type { AppContext } from "~/config/context";
import { documentedRangeQuery, parseDocumentedUserReport, queryFlag } from "../report-params.server";
import { mayCall } from "../roles";

/** The report whose rule the report parameters carry. */
const USER_REPORT_PAGE = "/reports/user";

const userAliases = { role_id: "roleId", symbol_id: "symbolIds", sector_id: "sectorIds" } as const;
const roleQuery = z.object({ role_id: z.coerce.number().int().min(1).max(4).optional(), ...pageQuery });
/** The plain listing's parameters plus the User Report's (docs/product-rules.md R-AC7 "With reports"). */
const userListQuery = roleQuery.extend({ ...documentedRangeQuery, login: queryFlag("login"), noquery: queryFlag("noquery") });

const userRowShape = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  status: z.boolean(),
  dateSubscribed: z.string().nullable(),
  dateExpired: z.string().nullable(),
});

/** A symbol of a subscription, as the documents pair it. */
const symbolPair = z.object({ symbol_id: z.number().int(), sector_id: z.number().int().nullable() });

/**
 * A row of the plain user list: the documents' User (docs/product-rules.md R-AC3; docs/decisions/144)
 * without its password: loginTimestamp, sector_id, symbol_id pairs, subscriptionmsts with their
 * subscriptiondetails, usersymbols and chavimst_records (the keys assigned), beside our
 * dateSubscribed and dateExpired (the latest subscription's dates, as the list shows them).
 */
const userListRowShape = userRowShape.extend({
  loginTimestamp: isoDateTime.nullable(),
  sector_id: z.array(z.number().int()),
  symbol_id: z.array(symbolPair),
  subscriptionmsts: z.array(
    z.object({ user_id: z.number().int(), date_subscribed: ymdDate, date_expired: ymdDate.nullable(), subscriptiondetails: z.array(symbolPair) }),
  ),
  usersymbols: z.array(symbolPair.extend({ user_id: z.number().int() })),
  chavimst_records: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })),
});

type UserListRowWithDetails = Extract<Awaited<ReturnType<typeof listAccountsPageWithDetails>>, { ok: true }>["value"]["rows"][number];

function userListRowOut(row: UserListRowWithDetails): z.input<typeof userListRowShape> {
  const { roleId, details, ...account } = row;
  const pair = (s: { symbolId: number; sectorId: number | null }) => ({ symbol_id: s.symbolId, sector_id: s.sectorId });
  return {
    ...account,
    role_id: roleId,
    loginTimestamp: details.loginTimestamp ? details.loginTimestamp.toISOString() : null,
    sector_id: details.sectorIds,
    symbol_id: details.symbols.map(pair),
    subscriptionmsts: details.subscriptions.map((s) => ({ user_id: row.id, date_subscribed: s.dateSubscribed, date_expired: s.dateExpired, subscriptiondetails: s.details.map(pair) })),
    usersymbols: details.symbols.map((s) => ({ user_id: row.id, ...pair(s) })),
    chavimst_records: details.keys,
  };
}

/**
 * A report row: a user (AllUser) or one of its sign-in attempts from the history (LoginUser):
 * the documents' user fields with loginTimestamp (the User entity's name; loginTime is the same
 * instant, kept for earlier clients), the address, the browser and the result (docs/decisions/141).
 */
const userReportRowShape = userRowShape.extend({
  loginTime: isoDateTime.nullable().optional(),
  loginTimestamp: isoDateTime.nullable().optional(),
  ip: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  success: z.boolean().optional(),
  reason: z.string().nullable().optional(),
});

function loginFields(r: { loginTime: Date | null; ip?: string | null; userAgent?: string | null; success?: boolean; reason?: string | null }) {
  const time = r.loginTime ? r.loginTime.toISOString() : null;
  return { loginTimestamp: time, loginTime: time, ip: r.ip ?? null, userAgent: r.userAgent ?? null, success: r.success ?? true, reason: r.reason ?? null };
}

/** The User Report's rows (/reports/user): its page's parser and model, so the call and the page list the same users. */
async function userReportList(context: AppContext, query: z.output<typeof userListQuery>) {
  // noquery: every user of the role, as the report lists them unfiltered.
  const filter = query.noquery ? { role_id: query.role_id } : query;
  const { input, range } = parseDocumentedUserReport(filter);
  const { rows, total } = await listUserReport(
    context,
    { mode: input.mode, roleId: input.role_id, range },
    { page: query.currentPage ?? 1, pageSize: query.pageSize ?? PAGE_SIZE },
  );
  return {
    status: 200,
    data: rows.map((r) => ({
      id: r.userId,
      name: r.name,
      username: r.username,
      email: r.email,
      role_id: r.roleId,
      status: r.status,
      dateSubscribed: r.dateSubscribed,
      dateExpired: r.dateExpired,
      ...(input.mode === "login" ? loginFields(r) : {}),
    })),
    totalCount: total,
  };
}

const userUpdateSchema = updateUserApiSchema.safeExtend({ id: strictRecordId("Please send an id") });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/**
 * The accounts service's answer as the API's. An account the caller may not manage is answered
 * as a missing one (a token cannot probe which ids exist), and a problem names its field as the
 * documents do (role_id, symbol_id, sector_id).
 */
function accountAnswer<T>(outcome: Outcome<T>): T {
  if (!outcome.ok && outcome.problem === ACCOUNT_NOT_MANAGEABLE) apiNotFound();
  return valueOrApiError(outcome, userAliases);
}

export const userCalls = [
  defineCall({
    id: "admin/user/list",
    method: "GET",
    path: "/api/admin/user/list",
    tag: "Users",
    summary:
      "Users of one role (role_id; default 4; role 2 lists roles 3 and 4 only), paged (currentPage, pageSize ≤ 100, default 10), with totalCount; " +
      "each row is the documents' User without its password: loginTimestamp, sector_id, symbol_id ({symbol_id, sector_id} pairs), subscriptionmsts[] " +
      "(user_id, date_subscribed, date_expired, subscriptiondetails[]), usersymbols[] and chavimst_records[] (the keys assigned). " +
      "With any of the User Report's parameters (from_date and to_date YYYY-MM-DD, login, noquery) it answers the report's Users List instead, role 1 only " +
      "(the /reports/user rule): role_id 2/3/4 (default 4); the range filters the account's creation, or with login=1 lists the sign-in history " +
      "(one row per sign-in attempt in the range, today in IST when no range is given, kept after sign-out: the user's fields with loginTimestamp " +
      "(and loginTime, the same instant), ip, userAgent, success and reason); noquery=1 ignores the other filters and lists every user of the role. A half or reversed range answers 400.",
    page: "/users",
    query: userListQuery,
    status: 200,
    response: listShape(z.union([userListRowShape, userReportRowShape])),
    handle: async ({ context, user, query }) => {
      const report = query.from_date !== undefined || query.to_date !== undefined || query.login !== undefined || query.noquery !== undefined;
      if (report) {
        if (!mayCall(user.roleId, { page: USER_REPORT_PAGE })) apiError(403, FORBIDDEN_MESSAGE);
        return userReportList(context, query);
      }
      const { rows, total } = valueOrApiError(
        await listAccountsPageWithDetails(context, user, {
          roleId: query.role_id ?? null,
          ...USER_LIST_DEFAULTS,
          search: null,
          subscription: null,
          page: query.currentPage ?? 1,
          pageSize: query.pageSize ?? PAGE_SIZE,
        }),
      );
      return { status: 200, data: rows.map(userListRowOut), totalCount: total };
    },
    sample: () => ({ query: { role_id: "3" } }),
  }),
  defineCall({
    id: "admin/user/create",
    method: "POST",
    path: "/api/admin/user/create",
    tag: "Users",
    summary:
      "Creates an account with its subscription: the user form (role_id, name, username, email, password) plus symbol_id (a list of {symbol_id, sector_id} pairs, or of ids; " +
      "each symbol is stored with its own sector) and sector_id (a list of ids, or null). An id that names no symbol or sector answers 400 naming it, and nothing is stored. " +
      "Role 2 creates Employees and Customers only. Creating an Admin (role_id 1) needs a recent sign-in: else 403, see admin/reauth.",
    page: "/users",
    body: createUserApiSchema,
    aliases: userAliases,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const id = accountAnswer(await createAccount(context, user, body));
      return { status: 201, message: USER_SAVED, data: { id } };
    },
    sample: (f) => ({
      body: { role_id: 4, name: "Api Customer", username: `api_${unique()}`, email: `api.${unique()}@example.test`, password: "long-enough-1", symbol_id: [{ symbol_id: f.symbolId, sector_id: f.sectorId }], sector_id: null },
    }),
    invalid: { body: { role_id: 4, username: "x", email: "x@example.test", password: "long-enough-1", symbol_id: [1] }, message: "Please enter a name" },
  }),
  defineCall({
    id: "admin/user/update",
    method: "POST",
    path: "/api/admin/user/update",
    tag: "Users",
    summary: "Updates an account and its subscription: the create fields without password, plus id and status (1/0; off ends their sessions; not sent: kept). Changing role_id needs a recent sign-in: else 403, see admin/reauth.",
    page: "/users",
    body: userUpdateSchema,
    aliases: userAliases,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const status = body.status ?? accountAnswer(await findAccountForEdit(context, user, body.id)).status;
      accountAnswer(await updateAccount(context, user, body.id, { ...body, status }));
      return { status: 200, message: USER_SAVED };
    },
    sample: async (f) => {
      const target = await f.make.user(3);
      return {
        body: { id: target.id, role_id: 3, name: "Api Employee", username: `apie_${unique()}`, email: `apie.${unique()}@example.test`, status: 1, symbol_id: [{ symbol_id: f.symbolId, sector_id: f.sectorId }], sector_id: [f.sectorId] },
      };
    },
    invalid: { body: { id: 1, role_id: 3, name: "N", username: "n", email: "n@example.test", symbol_id: [] }, message: "Please select a symbol" },
  }),
  defineCall({
    id: "admin/user/status",
    method: "POST",
    path: "/api/admin/user/status",
    tag: "Users",
    summary: "Switches an account on (1) or off (0); off ends their sessions and sockets.",
    page: "/users",
    body: statusBody,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const message = accountAnswer(await setUserActive(context, user, body.id, body.status));
      return { status: 200, message };
    },
    sample: async (f) => ({ body: { id: (await f.make.user(4)).id, status: 0 } }),
    invalid: { body: { id: 1, status: 7 }, message: "Please send status 1 or 0" },
  }),
  defineCall({
    id: "admin/user/{id}",
    method: "DELETE",
    path: "/api/admin/user/{id}",
    tag: "Users",
    summary: "Deletes an account with its trades, alerts and watchlists. Nobody deletes their own account; role 2 only roles 3 and 4.",
    page: "/users",
    params: idParam,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      const { message } = accountAnswer(await deleteAccount(context, user, params.id));
      return { status: 200, message };
    },
    sample: async (f) => ({ params: { id: (await f.make.user(4)).id } }),
  }),
  defineCall({
    id: "admin/login-user/list",
    method: "GET",
    path: "/api/admin/login-user/list",
    tag: "Users",
    summary: "Signed-in sessions (Login Users), newest first, optionally of one role; 20 per page. Never the session id.",
    page: "/login-user",
    query: roleQuery,
    status: 200,
    response: listShape(
      z.object({ userId: z.number().int(), name: z.string(), username: z.string(), email: z.string(), role_id: z.number().int(), loginTime: isoDateTime, lastSeenAt: isoDateTime }),
    ),
    handle: async ({ context, query }) => {
      const { rows, total } = await listSignedInAccounts(context, { roleId: query.role_id, page: query.currentPage ?? 1, pageSize: query.pageSize ?? LONG_PAGE_SIZE });
      return {
        status: 200,
        data: rows.map(({ roleId: role, loginTime, lastSeenAt, ...r }) => ({ ...r, role_id: role, loginTime: loginTime.toISOString(), lastSeenAt: lastSeenAt.toISOString() })),
        totalCount: total,
      };
    },
    sample: () => ({ query: { role_id: "4", pageSize: "20", currentPage: "1" } }),
  }),
];
