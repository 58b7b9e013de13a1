// Sign-in, sign-out, signup + code, password reset, inactive users, rate limits and guards,
// through the real loaders and actions on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authSessions, users, verificationCodes } from "~/db/schema";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth+/login";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { action as signupAction } from "~/routes/_auth+/signup";
import { action as otpAction } from "~/routes/_auth+/verifictionOtp";
import { action as resetRequestAction } from "~/routes/_auth+/reset-password._index";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth+/reset-password.$token";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { setUserStatus } from "~/models/user.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, cookiesFrom, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { getSessionUser } from "~/auth/session.server";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function sessionsOf(userId: number) {
  return t.context.db.select().from(authSessions).where(eq(authSessions.userId, userId));
}

async function toastOf(response: Response): Promise<string | undefined> {
  const cookie = cookiesFrom(response);
  const session = await t.context.cookies.toast.getSession(cookie);
  return (session.get("toast") as { message: string } | undefined)?.message;
}

describe("login", () => {
  it("signs in, stores a session, and lands on /dashboard with the toast", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const res = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(await toastOf(res)).toMatch(/^Login successful: /);
    const cookie = cookiesFrom(res);
    expect(cookie).toContain("__session=");
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain(rows[0].id === "" ? "x" : "scrypt");
    // The cookie opens the dashboard.
    const dash = await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context);
    // 200, not the guard's redirect to /login: the session is this user's (role 3's cards).
    expect(dash.status).toBe(200);
    const cards = ((await dash.json()) as { cards: { label: string }[] }).cards.map((c) => c.label);
    expect(cards).toContain("My open trades");
  });

  it("accepts the email in any case", async () => {
    const user = await createUser(t.context.db);
    const res = await call(loginAction, formRequest("/login", { email: user.email.toUpperCase(), password: TEST_PASSWORD }), t.context);
    expect(res.status).toBe(302);
  });

  it("rotates the session at login: the old session id stops working", async () => {
    const user = await createUser(t.context.db);
    const oldCookie = await sessionCookieFor(t.context, user.id);
    const res = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }, { cookie: oldCookie }), t.context);
    expect(res.status).toBe(302);
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    const stale = await call(dashboardLoader, getRequest("/dashboard", { cookie: oldCookie }), t.context);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/login");
  });

  it("refuses a wrong password with a clear error and writes nothing", async () => {
    const user = await createUser(t.context.db);
    const res = await call(loginAction, formRequest("/login", { email: user.email, password: "wrong-password" }), t.context);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error[""]).toEqual(["Invalid email or password"]);
    expect(JSON.stringify(body)).not.toContain("wrong-password");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("gives the same answer for an unknown email", async () => {
    const res = await call(loginAction, formRequest("/login", { email: "nobody@example.test", password: "whatever1" }), t.context);
    expect(res.status).toBe(401);
    expect((await res.json()).error[""]).toEqual(["Invalid email or password"]);
  });

  it("validates the fields", async () => {
    const res = await call(loginAction, formRequest("/login", { email: "", password: "" }), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.email).toEqual(["Please enter a email"]);
    expect(body.error.password).toEqual(["Please enter your password"]);
    const bad = await call(loginAction, formRequest("/login", { email: "not-an-email", password: "x" }), t.context);
    expect((await bad.json()).error.email).toEqual(["Please enter a valid email address"]);
  });

  it("refuses an unverified account and says why", async () => {
    const user = await createUser(t.context.db, { emailVerified: false });
    const res = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }), t.context);
    expect(res.status).toBe(403);
    expect((await res.json()).error[""][0]).toMatch(/verify your email/);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });
});

describe("inactive users", () => {
  it("cannot sign in", async () => {
    const user = await createUser(t.context.db, { status: false });
    const res = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }), t.context);
    expect(res.status).toBe(403);
    expect((await res.json()).error[""]).toEqual(["Your account is inactive. Please contact support."]);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("lose their sessions at once when deactivated", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const cookie = await sessionCookieFor(t.context, user.id);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context)).status).toBe(200);
    await setUserStatus(t.context.db, user.id, false);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const after = await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login");
  });
});

describe("logout and /login", () => {
  it("POST /logout deletes the session and clears the cookie", async () => {
    const user = await createUser(t.context.db);
    const cookie = await sessionCookieFor(t.context, user.id);
    const res = await call(logoutAction, formRequest("/logout", {}, { cookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(cookiesFrom(res, cookie)).not.toContain("__session=");
  });

  it("visiting /login ends the current session (docs/product-rules.md R-D7)", async () => {
    const user = await createUser(t.context.db);
    const cookie = await sessionCookieFor(t.context, user.id);
    const res = await call(loginLoader, getRequest("/login", { cookie }), t.context);
    expect(res.status).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });
});

describe("signup and the emailed code", () => {
  const form = { name: "Asha Rao", username: "asharao", email: "asha@example.test", password: "quiet-lantern-harbour-7" };

  it("names each missing field and stores nothing", async () => {
    const res = await call(signupAction, formRequest("/signup", { name: "", username: "", email: "", password: "" }), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.name).toEqual(["Please enter a name"]);
    expect(body.error.username).toEqual(["Please enter a username"]);
    expect(body.error.email).toEqual(["Please enter a email"]);
    expect(body.error.password).toEqual(["Please enter a password"]);
    expect(await t.context.db.select().from(users).where(eq(users.email, ""))).toHaveLength(0);
  });

  it("creates an unverified role-4 account, mails a 6-digit code, and goes to the code page", async () => {
    const before = t.outbox.length;
    const res = await call(signupAction, formRequest("/signup", form), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/verifictionOtp?email=asha%40example.test");
    const [row] = await t.context.db.select().from(users).where(eq(users.email, "asha@example.test"));
    expect(row.roleId).toBe(4);
    expect(row.emailVerifiedAt).toBeNull();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(t.outbox.length).toBe(before + 1);
    expect(t.outbox.at(-1)!.to).toBe("asha@example.test");
    expect(t.outbox.at(-1)!.text).toMatch(/\b\d{6}\b/);
  });

  it("refuses a taken username; a taken email gets the usual answer and its owner a notice (decision 116)", async () => {
    const before = t.outbox.length;
    const res = await call(signupAction, formRequest("/signup", { ...form, username: "another" }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/verifictionOtp?email=asha%40example.test");
    expect(t.outbox.length).toBe(before + 1);
    expect(t.outbox.at(-1)!.to).toBe("asha@example.test");
    expect(t.outbox.at(-1)!.text).toMatch(/tried to sign up/);
    expect(await t.context.db.select().from(users).where(eq(users.username, "another"))).toHaveLength(0);
    const res2 = await call(signupAction, formRequest("/signup", { ...form, email: "other@example.test" }), t.context);
    expect(res2.status).toBe(400);
    expect((await res2.json()).error.username).toEqual(["This username is already taken"]);
  });

  it("rejects a wrong code with the documents' message, then accepts the right one", async () => {
    const code = /\b(\d{6})\b/.exec(t.outbox.at(-1)!.text)![1];
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await call(otpAction, formRequest("/verifictionOtp", { email: form.email, otp: wrong }), t.context);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error[""]).toEqual(["Error during OTP verification"]);
    const good = await call(otpAction, formRequest("/verifictionOtp", { email: form.email, otp: code }), t.context);
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toBe("/dashboard");
    const [row] = await t.context.db.select().from(users).where(eq(users.email, form.email));
    expect(row.emailVerifiedAt).not.toBeNull();
    // The code works once.
    const again = await call(otpAction, formRequest("/verifictionOtp", { email: form.email, otp: code }), t.context);
    expect(again.status).toBe(400);
  });

  it("only accepts a numeric six-digit code", async () => {
    const res = await call(otpAction, formRequest("/verifictionOtp", { email: form.email, otp: "12ab56" }), t.context);
    expect(res.status).toBe(400);
    expect((await res.json()).error.otp).toEqual(["Please enter the 6-digit code"]);
  });

  it("kills a code after five wrong tries, even for the right code", async () => {
    const user = await createUser(t.context.db, { emailVerified: false });
    await call(otpAction, formRequest("/verifictionOtp", { email: user.email, intent: "resend" }), t.context);
    const code = /\b(\d{6})\b/.exec(t.outbox.at(-1)!.text)![1];
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      await call(otpAction, formRequest("/verifictionOtp", { email: user.email, otp: wrong }), t.context);
    }
    const res = await call(otpAction, formRequest("/verifictionOtp", { email: user.email, otp: code }), t.context);
    expect(res.status).toBe(400);
    expect((await res.json()).error[""]).toEqual(["Error during OTP verification"]);
  });

  it("refuses an expired code", async () => {
    const user = await createUser(t.context.db, { emailVerified: false });
    await call(otpAction, formRequest("/verifictionOtp", { email: user.email, intent: "resend" }), t.context);
    const code = /\b(\d{6})\b/.exec(t.outbox.at(-1)!.text)![1];
    await t.context.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const res = await call(otpAction, formRequest("/verifictionOtp", { email: user.email, otp: code }), t.context);
    expect(res.status).toBe(400);
  });
});

describe("password reset", () => {
  it("mails a one-time link that sets a new password and ends old sessions", async () => {
    const user = await createUser(t.context.db);
    const oldCookie = await sessionCookieFor(t.context, user.id);
    const before = t.outbox.length;
    const res = await call(resetRequestAction, formRequest("/reset-password", { email: user.email }), t.context);
    expect(res.status).toBe(200);
    expect(t.outbox.length).toBe(before + 1);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(t.outbox.at(-1)!.text)![1];
    expect(await (await call(resetLoader, getRequest(`/reset-password/${token}`), t.context, { token })).json()).toEqual({ valid: true });

    const mismatch = await call(resetAction, formRequest(`/reset-password/${token}`, { password: "brand-new-pass", confirm: "other" }), t.context, { token });
    expect((await mismatch.json()).error.confirm).toEqual(["Passwords do not match"]);

    const done = await call(resetAction, formRequest(`/reset-password/${token}`, { password: "brand-new-pass", confirm: "brand-new-pass" }), t.context, { token });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie: oldCookie }), t.context)).status).toBe(302);

    const login = await call(loginAction, formRequest("/login", { email: user.email, password: "brand-new-pass" }), t.context);
    expect(login.status).toBe(302);
    const oldPassword = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }), t.context);
    expect(oldPassword.status).toBe(401);

    // The link works once.
    const reuse = await call(resetAction, formRequest(`/reset-password/${token}`, { password: "another-pass1", confirm: "another-pass1" }), t.context, { token });
    expect(reuse.status).toBe(400);
  });

  it("answers the same for an unknown email and mails nothing", async () => {
    const before = t.outbox.length;
    const res = await call(resetRequestAction, formRequest("/reset-password", { email: "ghost@example.test" }), t.context);
    expect(res.status).toBe(200);
    expect((await res.json()).sent).toBe(true);
    expect(t.outbox.length).toBe(before);
  });

  it("refuses an expired link", async () => {
    const user = await createUser(t.context.db);
    await call(resetRequestAction, formRequest("/reset-password", { email: user.email }), t.context);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(t.outbox.at(-1)!.text)![1];
    await t.context.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(verificationCodes.userId, user.id));
    expect(await (await call(resetLoader, getRequest(`/reset-password/${token}`), t.context, { token })).json()).toEqual({ valid: false });
    const res = await call(resetAction, formRequest(`/reset-password/${token}`, { password: "brand-new-pass", confirm: "brand-new-pass" }), t.context, { token });
    expect(res.status).toBe(400);
  });
});

describe("rate limits", () => {
  it("locks an account after repeated failures, even for the right password", async () => {
    const user = await createUser(t.context.db);
    for (let i = 0; i < 5; i++) {
      const res = await call(loginAction, formRequest("/login", { email: user.email, password: `wrong-${i}` }), t.context);
      expect(res.status).toBe(401);
    }
    const res = await call(loginAction, formRequest("/login", { email: user.email, password: TEST_PASSWORD }), t.context);
    expect(res.status).toBe(429);
    expect((await res.json()).error[""][0]).toMatch(/Too many attempts/);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("limits auth posts per client address", async () => {
    const limited = await createTestContext({ authPostsPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(loginAction, formRequest("/login", { email: "x@example.test", password: "nope-nope" }), limited.context);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("sub-resource requests", () => {
  it("an image request that lands on /login does not end the session", async () => {
    const user = await createUser(t.context.db);
    const cookie = await sessionCookieFor(t.context, user.id);
    const res = await call(loginLoader, getRequest("/login", { cookie, headers: { "Sec-Fetch-Dest": "image" } }), t.context);
    expect(res.status).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    // Opened as a page, it does.
    await call(loginLoader, getRequest("/login", { cookie, headers: { "Sec-Fetch-Dest": "document" } }), t.context);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });
});

describe("the signed-in user within one page request", () => {
  it("is looked up once for all of a GET's loaders, and afresh after an action or without a request scope", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const cookie = await sessionCookieFor(t.context, user.id);
    const perRequest = { ...t.context, requestScope: new Map<string, Promise<unknown>>() };
    const first = await getSessionUser(perRequest, getRequest("/dashboard", { cookie }));
    const second = await getSessionUser(perRequest, getRequest("/dashboard", { cookie }));
    expect(first?.id).toBe(user.id);
    // The very same answer: one lookup served both loaders.
    expect(second).toBe(first);
    const unscoped = await getSessionUser(t.context, getRequest("/dashboard", { cookie }));
    expect(unscoped).toEqual(first);
    expect(unscoped).not.toBe(first);

    // An action may change the user before the loaders run: a POST always reads the database.
    await setUserStatus(t.context.db, user.id, false);
    const post = new Request("http://localhost/dashboard", { method: "POST", headers: { Cookie: cookie } });
    expect(await getSessionUser(perRequest, post)).toBeNull();
    // A context without a request scope (one serving many requests) never shares a lookup.
    expect(await getSessionUser(t.context, getRequest("/dashboard", { cookie }))).toBeNull();
  });
});
