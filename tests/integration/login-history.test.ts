// The sign-in history (docs/decisions/141) through the real actions, loaders and API calls: every
// kind of attempt is recorded with its address and browser, signing out keeps the row, a past
// day's sign-ins are listed for a date range, retention prunes a bounded batch, and a half or
// reversed range is refused with a message and nothing listed (Login Users, the User Report and
// the API), which answers login rows in the documents' user shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, inArray } from "drizzle-orm";
import { loginEvents } from "~/db/schema";
import type { AppContext } from "~/config/context";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthLimiters } from "~/auth/rate-limit.server";
import { action as loginAction } from "~/routes/_auth+/login";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { action as challengeAction } from "~/routes/_auth+/login_.two-factor";
import { action as otpAction } from "~/routes/_auth+/verifictionOtp";
import { action as reauthAction } from "~/routes/_auth+/reauth";
import { createAuthSession } from "~/models/auth-session.server";
import { loader as loginUsersLoader } from "~/routes/_admin+/login-user";
import { loader as loginExportLoader } from "~/routes/_admin+/login-user.export";
import { loader as userReportLoader } from "~/routes/_reports+/reports.user";
import { istDateString, istWallTimeToEpochMs, shiftYmd } from "~/domain/dates";
import { LOGIN_PRUNE_BATCH } from "~/domain/login-history";
import { CHOOSE_BOTH_DATES, END_BEFORE_START } from "~/schemas/report";
import { insertLoginEvent } from "~/models/login-event.server";
import { registerCustomer } from "~/services/sign-up.server";
import { recordLoginAttempt } from "~/services/login-history.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser, TEST_PASSWORD, totpCode } from "../support/factories";

const AGENT = "LoginHistoryTest/1.0 (integration)";
let t: TestContext;
let adminCookie: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.context.db, { roleId: 1 });
  adminCookie = await sessionCookieFor(t.context, admin.id);
  adminToken = (await createAuthSession(t.context.db, admin.id)).id;
});
afterAll(async () => {
  await t?.close();
});

const from = (address: string, context: AppContext = t.context): AppContext => ({ ...context, clientIp: address });
const withAgent = { headers: { "User-Agent": AGENT } };

async function eventsOf(identifier: string) {
  return t.context.db.select().from(loginEvents).where(eq(loginEvents.identifier, identifier.toLowerCase())).orderBy(desc(loginEvents.id));
}

function api(method: string, path: string, init: { json?: unknown; token?: string; context?: AppContext } = {}) {
  const headers: Record<string, string> = { "User-Agent": AGENT };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return dispatchApi(new Request(`${ORIGIN}${path}`, { method, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }), init.context ?? t.context);
}

async function loaderJson(loader: Parameters<typeof call>[0], path: string) {
  const res = await call(loader, getRequest(path, { cookie: adminCookie }), t.context);
  expect(res.status).toBe(200);
  return res.json();
}

describe("every sign-in attempt is recorded", () => {
  it("the page's password step: success, unknown account, wrong password, inactive, unverified, each with address and browser", async () => {
    const ok = await createUser(t.context.db, { roleId: 4 });
    const inactive = await createUser(t.context.db, { roleId: 4, status: false });
    const unverified = await createUser(t.context.db, { roleId: 4, emailVerified: false });
    const ghost = `nobody.${Date.now()}@example.test`;
    const post = (email: string, password = TEST_PASSWORD) => call(loginAction, formRequest("/login", { email, password }, withAgent), from("203.0.113.7"));

    expect((await post(ok.email)).status).toBe(302);
    expect((await post(ghost)).status).toBe(401);
    expect((await post(ok.email, "wrong-password")).status).toBe(401);
    expect((await post(inactive.email)).status).toBe(403);
    expect((await post(unverified.email)).status).toBe(403);

    const okRows = await eventsOf(ok.email);
    expect(okRows.map((r) => [r.success, r.reason, r.userId])).toEqual([
      [false, "bad-password", ok.id],
      [true, null, ok.id],
    ]);
    expect(okRows[1]).toMatchObject({ ip: "203.0.113.7", userAgent: AGENT });
    expect((await eventsOf(ghost)).map((r) => [r.success, r.reason, r.userId])).toEqual([[false, "unknown-account", null]]);
    expect((await eventsOf(inactive.email)).map((r) => [r.success, r.reason, r.userId])).toEqual([[false, "inactive", inactive.id]]);
    expect((await eventsOf(unverified.email)).map((r) => [r.success, r.reason, r.userId])).toEqual([[false, "unverified", unverified.id]]);
  });

  it("a throttled attempt is recorded against the account it named", async () => {
    const strict = from("198.51.100.9", {
      ...t.context,
      limiters: createAuthLimiters({ postsPerMinute: 1000, loginFreeFailures: 1, loginFailuresPerAccountPerHour: 100 }),
    });
    const user = await createUser(t.context.db, { roleId: 3 });
    await call(loginAction, formRequest("/login", { email: user.email, password: "wrong-password" }, withAgent), strict);
    const limited = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }, withAgent), strict);
    expect(limited.status).toBe(429);
    expect((await eventsOf(user.email)).map((r) => [r.success, r.reason, r.userId])).toEqual([
      [false, "throttled", user.id],
      [false, "bad-password", user.id],
    ]);
  });

  it("the two-factor step: a wrong code is a failure, the right one the sign-in; the password alone records nothing", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const step1 = await call(loginAction, formRequest("/login", { email: admin.email, password: TEST_PASSWORD }, withAgent), t.context);
    expect(step1.headers.get("Location")).toBe("/login/two-factor");
    expect(await eventsOf(admin.email)).toEqual([]);
    const cookie = cookiesFrom(step1);
    const right = await totpCode();
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await call(challengeAction, formRequest("/login/two-factor", { code: wrong }, { cookie, ...withAgent }), t.context);
    expect(refused.status).toBe(400);
    const accepted = await call(challengeAction, formRequest("/login/two-factor", { code: right }, { cookie, ...withAgent }), t.context);
    expect(accepted.headers.get("Location")).toBe("/dashboard");
    expect((await eventsOf(admin.email)).map((r) => [r.success, r.reason, r.userId, r.userAgent])).toEqual([
      [true, null, admin.id, AGENT],
      [false, "second-step", admin.id, AGENT],
    ]);
  });

  it("the API's sign-in: wrong password, missing and wrong code, and the token, with the caller's browser", async () => {
    const customer = await createUser(t.context.db, { roleId: 4 });
    const admin = await createUser(t.context.db, { roleId: 1 });
    expect((await api("POST", "/api/admin/login", { json: { email: customer.email, password: "wrong-password" } })).status).toBe(401);
    expect((await api("POST", "/api/admin/login", { json: { email: customer.email, password: TEST_PASSWORD } })).status).toBe(200);
    expect((await api("POST", "/api/admin/login", { json: { email: admin.email, password: TEST_PASSWORD } })).status).toBe(401);
    const right = await totpCode();
    expect((await api("POST", "/api/admin/users/login", { json: { email: admin.email, password: TEST_PASSWORD, otp: right === "000000" ? "111111" : "000000" } })).status).toBe(401);
    expect((await eventsOf(customer.email)).map((r) => [r.success, r.reason, r.userAgent])).toEqual([
      [true, null, AGENT],
      [false, "bad-password", AGENT],
    ]);
    expect((await eventsOf(admin.email)).map((r) => [r.success, r.reason])).toEqual([
      [false, "second-step"],
      [false, "code-required"],
    ]);
  });

  it("the sign-up code signs in and is recorded; re-authenticating a session is not a sign-in", async () => {
    const email = `signup.${Date.now()}@example.test`;
    await registerCustomer(t.context, { name: "History Signup", username: `hist_${Date.now()}`, email, password: "long-enough-1" });
    const otp = /code is (\d{6})/.exec(t.outbox.at(-1)?.text ?? "")?.[1] ?? "";
    const res = await call(otpAction, formRequest("/verifictionOtp", { email, otp, intent: "verify" }, withAgent), t.context);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect((await eventsOf(email)).map((r) => [r.success, r.reason])).toEqual([[true, null]]);

    const employee = await createUser(t.context.db, { roleId: 3 });
    const cookie = await sessionCookieFor(t.context, employee.id);
    await call(reauthAction, formRequest("/reauth", { password: "wrong-password" }, { cookie }), t.context);
    await call(reauthAction, formRequest("/reauth", { password: TEST_PASSWORD }, { cookie }), t.context);
    expect(await eventsOf(employee.email)).toEqual([]);
  });
});

describe("Login Users reports from the history", () => {
  it("keeps a sign-in after sign-out and lists it for today, with a failed attempt beside it", async () => {
    const user = await createUser(t.context.db, { roleId: 4, name: "Kept After Signout" });
    await call(loginAction, formRequest("/login", { email: user.email, password: "wrong-password" }, withAgent), from("192.0.2.44"));
    const signedIn = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }, withAgent), from("192.0.2.44"));
    const out = await call(logoutAction, formRequest("/logout", {}, { cookie: cookiesFrom(signedIn) }), t.context);
    expect(out.status).toBe(302);
    expect(await eventsOf(user.email)).toHaveLength(2);

    const data = await loaderJson(loginUsersLoader, "/login-user?role_id=4");
    const today = istDateString(new Date());
    expect(data.history).toMatchObject({ refused: null, startDate: today, endDate: today });
    const mine = data.history.rows.filter((r: { account: string }) => r.account === user.email.toLowerCase() || r.account === user.email);
    expect(mine.map((r: { result: string }) => r.result)).toEqual(["Signed in", "Failed: Wrong password"]);
    expect(mine[0]).toMatchObject({ username: user.username, role: "Customer", address: "192.0.2.44", agent: AGENT });
    expect(mine[0].time).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    // Signed out: no longer among those signed in now.
    expect(data.rows.map((r: { userId: number }) => r.userId)).not.toContain(user.id);
  });

  it("searches account, name and address (wildcards taken literally), sorts by account or result, and exports what it lists", async () => {
    const user = await createUser(t.context.db, { roleId: 3, name: "Searchable Signer", username: "search_signer" });
    await call(loginAction, formRequest("/login", { email: user.email, password: "wrong-password" }, withAgent), from("198.51.100.7"));
    await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }, withAgent), from("198.51.100.7"));
    const byName = await loaderJson(loginUsersLoader, "/login-user?q=Searchable");
    expect(byName.history.rows.map((r: { username: string }) => r.username)).toEqual(["search_signer", "search_signer"]);
    expect((await loaderJson(loginUsersLoader, "/login-user?q=198.51.100.7")).history.total).toBe(2);
    expect((await loaderJson(loginUsersLoader, "/login-user?q=%25")).history.total).toBe(0);
    const resultAsc = await loaderJson(loginUsersLoader, "/login-user?q=search_signer&sort=result&dir=asc");
    expect(resultAsc.history.rows.map((r: { success: boolean }) => r.success)).toEqual([false, true]);
    const resultDesc = await loaderJson(loginUsersLoader, "/login-user?q=search_signer&sort=result&dir=desc");
    expect(resultDesc.history.rows.map((r: { success: boolean }) => r.success)).toEqual([true, false]);

    const csv = await call(loginExportLoader, getRequest("/login-user/export?q=search_signer&sort=result&dir=asc&format=csv", { cookie: adminCookie }), t.context);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe("Login Time,User Name,Account,Role,Address,Browser,Result");
    expect(lines.slice(1).map((l) => l.split(",").at(-1))).toEqual(["Failed: Wrong password", "Signed in"]);
    const refused = await call(loginExportLoader, getRequest(`/login-user/export?format=csv&startDate=${istDateString(new Date())}`, { cookie: adminCookie }), t.context);
    expect(refused.status).toBe(400);
  });

  it("lists yesterday's sign-ins for yesterday's range, not for today's", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const yesterday = shiftYmd(istDateString(new Date()), -1);
    const [y, m, d] = yesterday.split("-").map(Number);
    // 23:50 IST yesterday: the IST day, not the UTC one, decides.
    await insertLoginEvent(t.context.db, { occurredAt: new Date(istWallTimeToEpochMs(y, m, d, 23, 50)), userId: user.id, identifier: user.email, success: true, reason: null, ip: "10.0.0.1", userAgent: AGENT });
    const listed = await loaderJson(loginUsersLoader, `/login-user?role_id=3&startDate=${yesterday}&endDate=${yesterday}`);
    expect(listed.history.rows.map((r: { username: string }) => r.username)).toContain(user.username);
    expect(listed.history.rows.find((r: { username: string }) => r.username === user.username).time).toMatch(/ 11:50:00 PM$/);
    const today = await loaderJson(loginUsersLoader, "/login-user?role_id=3");
    expect(today.history.rows.map((r: { username: string }) => r.username)).not.toContain(user.username);
    // The User Report's LoginUser mode lists the same day.
    const report = await loaderJson(userReportLoader, `/reports/user?mode=login&role_id=3&startDate=${yesterday}&endDate=${yesterday}`);
    expect(report.rows.map((r: { username: string }) => r.username)).toContain(user.username);
    const reportToday = await loaderJson(userReportLoader, "/reports/user?mode=login&role_id=3");
    expect(reportToday.rows.map((r: { username: string }) => r.username)).not.toContain(user.username);
  });

  it("pages the history 20 at a time on its own parameter", async () => {
    const user = await createUser(t.context.db, { roleId: 2 });
    for (let i = 0; i < 22; i++) await recordLoginAttempt(t.context, getRequest("/"), { success: false, userId: user.id, identifier: user.email, reason: "bad-password" });
    const page1 = await loaderJson(loginUsersLoader, "/login-user?role_id=2");
    expect(page1.history.rows).toHaveLength(20);
    expect(page1.history.total).toBeGreaterThanOrEqual(22);
    const page2 = await loaderJson(loginUsersLoader, "/login-user?role_id=2&historyPage=2");
    expect(page2.history.rows).toHaveLength(page1.history.total - 20);
  });
});

describe("a half or reversed range is refused with a message and nothing listed", () => {
  const today = istDateString(new Date());
  const yesterday = shiftYmd(today, -1);
  beforeAll(async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    await recordLoginAttempt(t.context, getRequest("/"), { success: true, userId: user.id, identifier: user.email });
  });

  it.each([
    [`startDate=${today}`, CHOOSE_BOTH_DATES],
    [`endDate=${today}`, CHOOSE_BOTH_DATES],
    [`startDate=${today}&endDate=${yesterday}`, END_BEFORE_START],
  ])("Login Users: %s", async (query, message) => {
    const data = await loaderJson(loginUsersLoader, `/login-user?${query}`);
    expect(data.history.refused).toBe(message);
    expect(data.history.rows).toEqual([]);
    expect(data.history.total).toBe(0);
  });

  it.each([
    [`mode=login&startDate=${today}`, CHOOSE_BOTH_DATES, today, ""],
    [`mode=login&startDate=${today}&endDate=${yesterday}`, END_BEFORE_START, today, yesterday],
    [`endDate=${today}`, CHOOSE_BOTH_DATES, "", today],
    [`startDate=${today}&endDate=${yesterday}`, END_BEFORE_START, today, yesterday],
  ])("the User Report: %s", async (query, message, typedStart, typedEnd) => {
    const data = await loaderJson(userReportLoader, `/reports/user?${query}`);
    expect(data.input.rangeError).toBe(message);
    expect(data.rows).toEqual([]);
    expect(data.total).toBe(0);
    expect(data.profitByUser).toEqual([]);
    // What was typed stays in the form beside the message.
    expect(data.shownRange).toEqual({ startDate: typedStart, endDate: typedEnd });
  });

  it("the API answers 400 with the message", async () => {
    const half = await api("GET", `/api/admin/user/list?login=1&from_date=${today}`, { token: adminToken });
    expect(half.status).toBe(400);
    expect(((await half.json()) as { errors: { msg: string }[] }).errors[0].msg).toBe(CHOOSE_BOTH_DATES);
    const reversed = await api("GET", `/api/admin/user/list?login=1&from_date=${today}&to_date=${yesterday}`, { token: adminToken });
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as { errors: { msg: string }[] }).errors[0].msg).toBe(END_BEFORE_START);
  });
});

describe("admin/user/list?login=1", () => {
  it("answers the role's sign-ins of today in the documents' user shape, after sign-out too", async () => {
    const customer = await createUser(t.context.db, { roleId: 4, name: "Api History Customer" });
    const signedIn = await api("POST", "/api/admin/login", { json: { email: customer.email, password: TEST_PASSWORD }, context: from("198.18.0.5") });
    const token = ((await signedIn.json()) as { token: string }).token;
    expect((await api("POST", "/api/admin/logout", { token, json: {} })).status).toBe(200);

    const res = await api("GET", "/api/admin/user/list?role_id=4&login=1&pageSize=100", { token: adminToken });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: number; totalCount: number; data: Record<string, unknown>[] };
    expect(body.status).toBe(200);
    const mine = body.data.filter((r) => r.id === customer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: customer.id,
      name: "Api History Customer",
      username: customer.username,
      email: customer.email,
      role_id: 4,
      status: true,
      ip: "198.18.0.5",
      userAgent: AGENT,
      success: true,
      reason: null,
    });
    expect(Date.parse(mine[0].loginTimestamp as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(mine[0].loginTime).toBe(mine[0].loginTimestamp);
    expect(body.totalCount).toBeGreaterThanOrEqual(1);
  });
});

describe("retention", () => {
  it("each recorded attempt deletes a bounded batch of rows past the retention period, oldest first, and keeps the rest", async () => {
    const retention = from("127.0.0.1", { ...t.context, env: { ...t.context.env, LOGIN_HISTORY_RETENTION_DAYS: 30 } });
    const day = 24 * 60 * 60 * 1000;
    const old = Date.now() - 31 * day;
    const marker = `retention.${Date.now()}@example.test`;
    for (let i = 0; i < LOGIN_PRUNE_BATCH + 3; i++) {
      await insertLoginEvent(t.context.db, { occurredAt: new Date(old - i * 1000), userId: null, identifier: marker, success: false, reason: "unknown-account", ip: null, userAgent: null });
    }
    const recent = `recent.${Date.now()}@example.test`;
    await insertLoginEvent(t.context.db, { occurredAt: new Date(Date.now() - 29 * day), userId: null, identifier: recent, success: false, reason: "unknown-account", ip: null, userAgent: null });

    await recordLoginAttempt(retention, getRequest("/"), { success: false, userId: null, identifier: `trigger.${Date.now()}@example.test`, reason: "unknown-account" });
    // One attempt removed one batch, oldest first: the 3 newest of the old rows wait for the next.
    const left = await eventsOf(marker);
    expect(left.map((r) => r.occurredAt.getTime()).sort((a, b) => b - a)).toEqual([old, old - 1000, old - 2000]);
    await recordLoginAttempt(retention, getRequest("/"), { success: false, userId: null, identifier: `trigger2.${Date.now()}@example.test`, reason: "unknown-account" });
    expect(await eventsOf(marker)).toEqual([]);
    expect(await eventsOf(recent)).toHaveLength(1);
    await t.context.db.delete(loginEvents).where(inArray(loginEvents.identifier, [recent]));
  });
});
