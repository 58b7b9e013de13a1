// Issue 16, items 1 and 6 (docs/decisions/116): mailed links never come from the request's
// Host or X-Forwarded-Host, and sign-up, reset and code pages answer the same whether or not
// an email has an account, behind the per-address limit on auth posts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/config/context";
import { users } from "~/db/schema";
import { action as signupAction } from "~/routes/_auth+/signup";
import { action as otpAction } from "~/routes/_auth+/verifictionOtp";
import { action as resetRequestAction } from "~/routes/_auth+/reset-password._index";
import { dispatchApi } from "~/api/dispatch.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, cookiesFrom } from "../support/requests";
import { createUser } from "../support/factories";

const HOSTILE = { Host: "attacker.example", "X-Forwarded-Host": "evil.example:8443", "X-Forwarded-Proto": "https" };
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

/** A form post as the Express adapter hands it on when a client sends a hostile Host. */
function hostileForm(path: string, fields: Record<string, string>): Request {
  return new Request(`http://attacker.example${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...HOSTILE },
  });
}

function hostileJson(path: string, body: unknown): Request {
  return new Request(`http://attacker.example${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...HOSTILE },
  });
}

/** Every link in a mail's text. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0]);

/** Asserts a mail's links all start with `base` and that no hostile host appears anywhere. */
function expectLinksFrom(text: string, base: string) {
  const links = linksIn(text);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${base}/`), link).toBe(true);
  expect(text).not.toMatch(/attacker\.example|evil\.example/);
}

async function toastOf(context: AppContext, response: Response): Promise<string | undefined> {
  const session = await context.cookies.toast.getSession(cookiesFrom(response));
  return (session.get("toast") as { message: string } | undefined)?.message;
}

/** The context with a database that fails the test if anything touches it. */
function withoutDatabase(context: AppContext): AppContext {
  const db = new Proxy(context.db, {
    get() {
      throw new Error("the database was touched before the rate limit answered");
    },
  });
  return { ...context, db };
}

const signupFields = (email: string) => ({ name: "Probe Person", username: `probe_${unique()}`, email, password: "s3cret-pass-x" });

describe("mailed links with PUBLIC_URL set", () => {
  const PUBLIC_URL = "https://signals.example.in";
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the reset link points at PUBLIC_URL whatever Host and X-Forwarded-Host say", async () => {
    const user = await createUser(t.context.db);
    const res = await call(resetRequestAction, hostileForm("/reset-password", { email: user.email }), t.context);
    expect(res.status).toBe(200);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/reset-password/[A-Za-z0-9_-]{20,}`));
    expectLinksFrom(mail.text, PUBLIC_URL);
  });

  it("the sign-up code mail links to the code page at PUBLIC_URL", async () => {
    const email = `new.${unique()}@example.test`;
    const res = await call(signupAction, hostileForm("/signup", signupFields(email)), t.context);
    expect(res.status).toBe(302);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain(`${PUBLIC_URL}/verifictionOtp?email=${encodeURIComponent(email)}`);
    expectLinksFrom(mail.text, PUBLIC_URL);
  });

  it("the register API's mails and the owner's notice use PUBLIC_URL too", async () => {
    const email = `api.${unique()}@example.test`;
    const created = await dispatchApi(hostileJson("/api/admin/users/register", signupFields(email)), t.context);
    expect(created.status).toBe(201);
    expectLinksFrom(t.outbox.at(-1)!.text, PUBLIC_URL);
    const owner = await createUser(t.context.db);
    const again = await dispatchApi(hostileJson("/api/admin/users/register", signupFields(owner.email)), t.context);
    expect(again.status).toBe(201);
    expect(t.outbox.at(-1)!.to).toBe(owner.email);
    expectLinksFrom(t.outbox.at(-1)!.text, PUBLIC_URL);
  });
});

describe("mailed links without PUBLIC_URL", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { HOST: "0.0.0.0", PORT: "4123" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("use the address the server was started with (0.0.0.0 → localhost), not the request's", async () => {
    const base = "http://localhost:4123";
    const user = await createUser(t.context.db);
    await call(resetRequestAction, hostileForm("/reset-password", { email: user.email }), t.context);
    expect(t.outbox.at(-1)!.text).toMatch(/http:\/\/localhost:4123\/reset-password\/[A-Za-z0-9_-]{20,}/);
    expectLinksFrom(t.outbox.at(-1)!.text, base);

    const email = `own.${unique()}@example.test`;
    await call(signupAction, hostileForm("/signup", signupFields(email)), t.context);
    expect(t.outbox.at(-1)!.to).toBe(email);
    expectLinksFrom(t.outbox.at(-1)!.text, base);

    await call(signupAction, hostileForm("/signup", signupFields(user.email)), t.context);
    expect(t.outbox.at(-1)!.to).toBe(user.email);
    expectLinksFrom(t.outbox.at(-1)!.text, base);
  });
});

/**
 * A test context of the describe block's own that allows 20 auth posts a minute per address;
 * `from()` is that context seen from a fresh address of `subnet`, so each test's limit is its own.
 */
function contextLimitedPerAddress(subnet: string) {
  let t: TestContext;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestContext({ authPostsPerMinute: 20 });
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get context() {
      return t.context;
    },
    get outbox() {
      return t.outbox;
    },
    from: (): AppContext => ({ ...t.context, clientIp: `${subnet}.${(ip += 1)}` }),
  };
}

describe("sign-up does not tell whether an email has an account", () => {
  const t = contextLimitedPerAddress("10.16.6");
  const { from } = t;

  it("the page answers a new and a registered email alike, and mails the owner a notice instead", async () => {
    const context = from();
    const owner = await createUser(t.context.db, { name: "Owner Person" });
    const [before] = await t.context.db.select().from(users).where(eq(users.id, owner.id));
    const newEmail = `fresh.${unique()}@example.test`;

    const fresh = await call(signupAction, hostileForm("/signup", signupFields(newEmail)), context);
    const sentBefore = t.outbox.length;
    const taken = await call(signupAction, hostileForm("/signup", signupFields(owner.email)), context);

    expect(taken.status).toBe(fresh.status);
    expect(fresh.status).toBe(302);
    const where = (r: Response, email: string) => r.headers.get("Location")?.replace(encodeURIComponent(email), "<email>");
    expect(where(taken, owner.email)).toBe(where(fresh, newEmail));
    expect(await toastOf(context, taken)).toBe(await toastOf(context, fresh));
    expect(await toastOf(context, fresh)).toMatch(/check your email/i);
    expect(await taken.text()).toBe(await fresh.text());

    // One mail, to the owner: a notice with the way back in, and no code for someone else to use.
    expect(t.outbox.length).toBe(sentBefore + 1);
    const notice = t.outbox.at(-1)!;
    expect(notice.to).toBe(owner.email);
    expect(notice.text).toMatch(/tried to sign up/);
    expect(notice.text).toMatch(/\/reset-password(\s|$)/);
    expect(notice.text).toMatch(/\/login(\s|$)/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // The account is untouched: same password, same name, no second row.
    const rows = await t.context.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0].passwordHash).toBe(before.passwordHash);
    expect(rows[0].name).toBe("Owner Person");
  });

  it("a registered email in another case is the same account (notice, no second row)", async () => {
    const owner = await createUser(t.context.db);
    const res = await call(signupAction, hostileForm("/signup", signupFields(owner.email.toUpperCase())), from());
    expect(res.status).toBe(302);
    expect(t.outbox.at(-1)!.to).toBe(owner.email);
    expect(t.outbox.at(-1)!.text).toMatch(/tried to sign up/);
  });

  it("an account still waiting for its code gets a fresh code, not a second account", async () => {
    const pending = await createUser(t.context.db, { emailVerified: false });
    const res = await call(signupAction, hostileForm("/signup", signupFields(pending.email)), from());
    expect(res.status).toBe(302);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe(pending.email);
    expect(mail.text).toMatch(/code is \d{6}/);
    expect(mail.text).toMatch(/tried to sign up/);
    expect(await t.context.db.select().from(users).where(eq(users.email, pending.email))).toHaveLength(1);
  });

  it("a taken username is still named, the same for a new and a registered email", async () => {
    const owner = await createUser(t.context.db);
    const other = await createUser(t.context.db);
    const context = from();
    const forNew = await call(signupAction, hostileForm("/signup", { ...signupFields(`x.${unique()}@example.test`), username: other.username }), context);
    const forOwner = await call(signupAction, hostileForm("/signup", { ...signupFields(owner.email), username: other.username }), context);
    expect(forNew.status).toBe(400);
    expect(forOwner.status).toBe(400);
    const [a, b] = [await forNew.json(), await forOwner.json()];
    expect(a.error).toEqual({ username: ["This username is already taken"] });
    expect(b.error).toEqual(a.error);
  });

  it("the register API answers a new and a registered email alike (status and body)", async () => {
    const context = from();
    const owner = await createUser(t.context.db);
    const newEmail = `apifresh.${unique()}@example.test`;
    const fresh = await dispatchApi(hostileJson("/api/admin/users/register", signupFields(newEmail)), context);
    const sentBefore = t.outbox.length;
    const taken = await dispatchApi(hostileJson("/api/admin/users/register", signupFields(owner.email)), context);
    expect(fresh.status).toBe(201);
    expect(taken.status).toBe(201);
    const freshBody = JSON.stringify(await fresh.json()).replace(newEmail, "<email>");
    const takenBody = JSON.stringify(await taken.json()).replace(owner.email, "<email>");
    expect(takenBody).toBe(freshBody);
    expect(t.outbox.length).toBe(sentBefore + 1);
    expect(t.outbox.at(-1)!.to).toBe(owner.email);
    expect(t.outbox.at(-1)!.text).toMatch(/tried to sign up/);
  });

  it("the page's 21st try in a minute from one address is 429 before any lookup, registered emails included", async () => {
    const context = from();
    const owner = await createUser(t.context.db);
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? owner.email : `burst.${unique()}@example.test`;
      const res = await call(signupAction, hostileForm("/signup", signupFields(email)), context);
      expect(res.status, `try ${i + 1}`).toBe(302);
    }
    const sent = t.outbox.length;
    const limited = await call(signupAction, hostileForm("/signup", signupFields(owner.email)), withoutDatabase(context));
    expect(limited.status).toBe(429);
    expect((await limited.json()).error[""][0]).toMatch(/Too many attempts/);
    expect(t.outbox.length).toBe(sent);
  });

  it("the API's 21st try in a minute from one address is 429 before any lookup, registered emails included", async () => {
    const context = from();
    const owner = await createUser(t.context.db);
    for (let i = 0; i < 20; i++) {
      const res = await dispatchApi(hostileJson("/api/admin/users/register", signupFields(owner.email)), context);
      expect(res.status, `try ${i + 1}`).toBe(201);
    }
    const limited = await dispatchApi(hostileJson("/api/admin/users/register", signupFields(owner.email)), withoutDatabase(context));
    expect(limited.status).toBe(429);
  });
});

describe("reset and code pages do not tell whether an email has an account", () => {
  const t = contextLimitedPerAddress("10.16.7");
  const { from } = t;

  it("/reset-password answers a registered and an unknown email alike", async () => {
    const owner = await createUser(t.context.db);
    const context = from();
    const known = await call(resetRequestAction, hostileForm("/reset-password", { email: owner.email }), context);
    const unknown = await call(resetRequestAction, hostileForm("/reset-password", { email: `ghost.${unique()}@example.test` }), context);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
  });

  it("/reset-password's 21st try is 429 before any lookup", async () => {
    const context = from();
    for (let i = 0; i < 20; i++) {
      expect((await call(resetRequestAction, hostileForm("/reset-password", { email: `r${i}.${unique()}@example.test` }), context)).status).toBe(200);
    }
    const limited = await call(resetRequestAction, hostileForm("/reset-password", { email: "any@example.test" }), withoutDatabase(context));
    expect(limited.status).toBe(429);
  });

  it("the code page answers a verified, a pending and an unknown email alike (resend and verify)", async () => {
    const verified = await createUser(t.context.db);
    const pending = await createUser(t.context.db, { emailVerified: false });
    const unknown = `nobody.${unique()}@example.test`;
    const context = from();
    const answers = async (intent: "resend" | "verify") => {
      const out: { status: number; body: string; toast?: string }[] = [];
      for (const email of [verified.email, pending.email, unknown]) {
        const res = await call(otpAction, hostileForm("/verifictionOtp", { email, intent, otp: "000000" }), context);
        out.push({ status: res.status, body: (await res.clone().text()).replaceAll(email, "<email>"), toast: await toastOf(context, res) });
      }
      return out;
    };
    const resend = await answers("resend");
    expect(resend[1]).toEqual(resend[0]);
    expect(resend[2]).toEqual(resend[0]);
    const verify = await answers("verify");
    expect(verify[0].status).toBe(400);
    expect(verify[1]).toEqual(verify[0]);
    expect(verify[2]).toEqual(verify[0]);
  });
});
