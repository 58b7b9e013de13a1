// Failed sign-ins slow down the account AND the address they came from, with a doubling wait:
// someone failing from address A cannot lock the owner out at address B (issue 16). Through
// the real /login action and /api/admin/login, with clientIp set as the server sets it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/config/context";
import { dispatchApi } from "~/api/dispatch.server";
import { authSessions, users } from "~/db/schema";
import { action as loginAction } from "~/routes/_auth+/login";
import { createTestContext, type TestContext } from "../support/context";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { call, formRequest, ORIGIN } from "../support/requests";
import { createAuthLimiters, waitMessage } from "~/auth/rate-limit.server";

const A = "198.51.100.7";
const B = "203.0.113.42";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The shared database with limiters of its own, counted afresh. */
function withLimits(options: { authPostsPerMinute?: number; loginFailuresPerAccountPerHour?: number }): AppContext {
  const limiters = createAuthLimiters({
    postsPerMinute: options.authPostsPerMinute ?? 1000,
    loginFreeFailures: 5,
    loginFailuresPerAccountPerHour: options.loginFailuresPerAccountPerHour ?? 100,
  });
  return { ...t.context, limiters };
}

const from = (address: string, context: AppContext = t.context): AppContext => ({ ...context, clientIp: address });

async function pageLogin(address: string, email: string, password: string, context?: AppContext) {
  const res = await call(loginAction, formRequest("/login", { email, password }), from(address, context));
  const body = res.status === 302 ? null : ((await res.json()) as { error?: Record<string, string[]> });
  return { status: res.status, location: res.headers.get("Location"), retryAfter: res.headers.get("Retry-After"), message: body?.error?.[""]?.[0] };
}

async function apiLogin(address: string, email: string, password: string) {
  const request = new Request(`${ORIGIN}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) });
  const res = await dispatchApi(request, from(address));
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), body: (await res.json()) as { message: string; token?: string } };
}

async function admin() {
  const user = await createUser(t.context.db, { roleId: 1 });
  // Admins use two-factor sign-in; enrolled, so the password step is what these tests watch.
  await t.context.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** Lets the clock (which the limiters read) run on by this many seconds. */
function waitSeconds(seconds: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + seconds * 1000 + 50);
}

describe("sign-in page", () => {
  it("5 failures from A make A wait, even with the right password; the owner at B signs in at once", async () => {
    const victim = await admin();
    for (let i = 0; i < 5; i++) {
      expect(await pageLogin(A, victim.email, `guess-${i}`)).toMatchObject({ status: 401, message: "Invalid email or password", retryAfter: null });
    }
    const fromA = await pageLogin(A, victim.email, TEST_PASSWORD);
    expect(fromA).toEqual({ status: 429, location: null, retryAfter: "1", message: "Too many attempts. Please try again in 1 second." });
    // The owner, elsewhere, is not held up: the password step passes (then the session or the second step).
    const fromB = await pageLogin(B, victim.email, TEST_PASSWORD);
    expect(fromB.status).toBe(302);
    expect(fromB.location).not.toBe("/login");
    expect(fromB.retryAfter).toBeNull();
  });

  it("the wait doubles with each further failure, a try during the wait is refused unchecked, and a success starts afresh", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    for (let i = 0; i < 5; i++) expect((await pageLogin(A, user.email, `guess-${i}`)).status).toBe(401);
    expect((await pageLogin(A, user.email, "guess-x")).retryAfter).toBe("1");

    waitSeconds(1);
    expect((await pageLogin(A, user.email, "guess-6")).status).toBe(401);
    const second = await pageLogin(A, user.email, "guess-7");
    expect(second).toMatchObject({ status: 429, retryAfter: "2", message: "Too many attempts. Please try again in 2 seconds." });

    waitSeconds(2);
    expect((await pageLogin(A, user.email, "guess-8")).status).toBe(401);
    expect(await pageLogin(A, user.email, TEST_PASSWORD)).toMatchObject({ status: 429, retryAfter: "4", message: "Too many attempts. Please try again in 4 seconds." });

    waitSeconds(4);
    // The refused tries counted nothing: the wait after the next failure is 8 s, not more.
    expect((await pageLogin(A, user.email, "guess-9")).status).toBe(401);
    expect((await pageLogin(A, user.email, "guess-10")).retryAfter).toBe("8");

    waitSeconds(8);
    const signedIn = await pageLogin(A, user.email, TEST_PASSWORD);
    expect(signedIn).toMatchObject({ status: 302, location: "/dashboard" });
    // A success forgets this address's failures: four more are free again.
    for (let i = 0; i < 4; i++) expect((await pageLogin(A, user.email, `again-${i}`)).status).toBe(401);
    expect(await pageLogin(A, user.email, TEST_PASSWORD)).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("a spread-out attack above the per-account ceiling slows every address from its first failure, but locks out no one", async () => {
    const small = withLimits({ loginFailuresPerAccountPerHour: 6 });
    const user = await createUser(small.db, { roleId: 3 });
    // Three addresses, two failures each: six in all, at the ceiling, and nobody waits.
    for (let i = 1; i <= 3; i++) {
      expect(await pageLogin(`192.0.2.${i}`, user.email, "guess", small)).toMatchObject({ status: 401 });
      expect((await pageLogin(`192.0.2.${i}`, user.email, "guess-again", small)).status).toBe(401);
    }
    // Above it, a fresh address waits after its first failure.
    expect((await pageLogin("192.0.2.99", user.email, "guess", small)).status).toBe(401);
    expect(await pageLogin("192.0.2.99", user.email, TEST_PASSWORD, small)).toMatchObject({ status: 429, retryAfter: "1" });
    // The owner at an address with no failures signs in at once.
    expect(await pageLogin(B, user.email, TEST_PASSWORD, small)).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("an unknown email is throttled the same way (nothing tells it apart)", async () => {
    for (let i = 0; i < 5; i++) expect((await pageLogin(A, "nobody-here@example.test", `guess-${i}`)).status).toBe(401);
    expect(await pageLogin(A, "nobody-here@example.test", "guess")).toMatchObject({ status: 429, retryAfter: "1" });
  });

  it("the per-address limit on auth posts answers 429 with Retry-After too", async () => {
    const limited = withLimits({ authPostsPerMinute: 2 });
    const user = await createUser(limited.db);
    for (let i = 0; i < 2; i++) expect((await pageLogin(A, user.email, "guess", limited)).status).toBe(401);
    const third = await pageLogin(A, user.email, TEST_PASSWORD, limited);
    expect(third.status).toBe(429);
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect(third.message).toBe(waitMessage(Number(third.retryAfter)));
  });
});

describe("JSON API sign-in", () => {
  it("answers the same wait with 429 and Retry-After at A, and a token at B", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    for (let i = 0; i < 5; i++) expect((await apiLogin(A, user.email, `guess-${i}`)).status).toBe(401);
    const fromA = await apiLogin(A, user.email, TEST_PASSWORD);
    expect(fromA.status).toBe(429);
    expect(fromA.retryAfter).toBe("1");
    expect(fromA.body).toMatchObject({ status: 429, message: "Too many attempts. Please try again in 1 second." });
    expect(fromA.body.token).toBeUndefined();
    // The page and the API share the count: the page at A waits as well.
    expect(await pageLogin(A, user.email, TEST_PASSWORD)).toMatchObject({ status: 429, message: fromA.body.message });

    const fromB = await apiLogin(B, user.email, TEST_PASSWORD);
    expect(fromB.status).toBe(200);
    const [session] = await t.context.db.select().from(authSessions).where(eq(authSessions.id, fromB.body.token!));
    expect(session.userId).toBe(user.id);
  });
});
