// API Verification (/Token): Request mails an OTP through the app's mailer, Verify records the
// authentication; secrets are sealed at rest and never sent back in full; the provider's
// refusals show the documents' messages; the verified credentials reach the feed seam.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSecrets, kiteInstruments, symbols } from "~/db/schema";
import { istDateString } from "~/domain/dates";
import { replaceKiteInstruments } from "~/models/kite-instrument.server";
import { SAMPLE_KITE_INSTRUMENTS, SAMPLE_TOKENS } from "../support/kite-server";
import { eq } from "drizzle-orm";
import { listKiteInstrumentChoices } from "~/models/symbol.server";
import { CHOOSE_A_SYMBOL, KITE_INSTRUMENT_TOKEN_FORMAT } from "~/schemas/token";
import { instrumentTaken, NO_SUCH_SYMBOL, notInKiteDump } from "~/services/live-rate.server";
import { action as tokenAction, loader as tokenLoader } from "~/routes/_admin+/Token";
import { loadProviderCredentials } from "~/live-rate/credentials.server";
import { DEMO_PROVIDER, registerDemoLiveRateFeed, registerLiveRateProvider } from "~/live-rate/provider.server";
import { openFeedFromEnv } from "~/market/feeds/index.server";
import { createTestContext, TEST_SECRET, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { toastMessage } from "../support/admin";

let t: TestContext;
let admin: string;
let adminEmail: string;
const TOKEN = "tok-ABCDEFGH-9876";
const SECRET = "sec-ZYXWVUTS-4321";

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.context.db, { roleId: 1 });
  adminEmail = user.email;
  admin = await sessionCookieFor(t.context, user.id);
});
afterAll(async () => {
  await t?.close();
});

const post = (fields: Record<string, string>) => call(tokenAction, formRequest("/Token", fields, { cookie: admin }), t.context);
const lastOtp = () => /OTP is (\d{6})/.exec(t.outbox[t.outbox.length - 1]?.text ?? "")?.[1];

describe("/Token", () => {
  it("a provider that fails (unreachable) answers 502 with the documents' message, nothing stored", async () => {
    registerLiveRateProvider("unreachable-test-provider", () => ({
      name: "unreachable-test-provider",
      requestOtp: async () => {
        throw new Error("connect ECONNREFUSED");
      },
      verifyOtp: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    }));
    const context = { ...t.context, env: { ...t.context.env, FEED: "unreachable-test-provider" } };
    const res = await call(tokenAction, formRequest("/Token", { intent: "request", apiToken: TOKEN, apiSecret: SECRET }, { cookie: admin }), context);
    expect(res.status).toBe(502);
    expect((await res.json()).error[""]).toEqual(["Somthing went wrong to Send Opt. connect ECONNREFUSED"]);
    expect(await t.context.db.select().from(apiSecrets)).toHaveLength(0);
  });

  it("starts empty", async () => {
    const body = await (await call(tokenLoader, getRequest("/Token", { cookie: admin }), t.context)).json();
    expect(body).toEqual({ loadError: null, stored: null, kite: false, kiteSession: null, feed: null, instruments: null });
  });

  it("Request with credentials the provider refuses: the documents' message plus the reason, nothing stored, no mail", async () => {
    const res = await post({ intent: "request", apiToken: "short", apiSecret: "tiny" });
    // The provider refused what the user typed: the user's to fix (422), not a gateway fault.
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error[""][0]).toMatch(/^Somthing went wrong to Send Opt\. the provider refused the credentials/);
    expect(await t.context.db.select().from(apiSecrets)).toHaveLength(0);
    expect(t.outbox).toHaveLength(0);
    expect(JSON.stringify(body)).not.toContain("tiny");
  });

  it("Request mails an OTP and seals the credentials; Verify with a wrong OTP fails with the documents' message", async () => {
    const res = await post({ intent: "request", apiToken: TOKEN, apiSecret: SECRET });
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe(`OTP sent to ${adminEmail}`);
    expect(t.outbox.at(-1)?.to).toBe(adminEmail);
    expect(lastOtp()).toMatch(/^\d{6}$/);
    const [row] = await t.context.db.select().from(apiSecrets);
    expect(row.apiTokenEnc).not.toContain(TOKEN);
    expect(row.apiSecretEnc).not.toContain(SECRET);
    expect(row.authenticationDate).toBeNull();
    const wrongCode = lastOtp() === "000000" ? "111111" : "000000";
    const wrong = await post({ intent: "verify", otp: wrongCode });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error[""]).toEqual(["Somthing went wrong In Verify Otp.... the OTP is wrong or has expired"]);
    const empty = await post({ intent: "verify", otp: "" });
    expect((await empty.json()).error.otp).toEqual(["Please enter the 6-digit OTP"]);
  });

  it("Verify with the mailed OTP records Last Authentication; the page shows only the last four characters", async () => {
    const res = await post({ intent: "verify", otp: lastOtp()! });
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("API verified successfully");
    const text = await (await call(tokenLoader, getRequest("/Token", { cookie: admin }), t.context)).text();
    const body = JSON.parse(text);
    expect(body.stored.apiToken).toBe("••••9876");
    expect(body.stored.apiSecret).toBe("••••4321");
    expect(body.stored.lastAuthentication).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(SECRET);
  });

  it("the verified credentials reach the feed seam (FEED=demo-live-rate)", async () => {
    const credentials = await loadProviderCredentials(t.context.db, TEST_SECRET);
    expect(credentials).toEqual({ apiToken: TOKEN, apiSecret: SECRET });
    registerDemoLiveRateFeed();
    const feed = openFeedFromEnv({ FEED: DEMO_PROVIDER }, { providerCredentials: credentials });
    expect(feed?.name).toMatch(/^demo-live-rate\(simulated/);
    // Another secret cannot open them.
    expect(await loadProviderCredentials(t.context.db, "some-other-secret-0123456789")).toBeUndefined();
  });

  it("one of the two fields alone is refused; role 2 cannot reach /Token", async () => {
    const half = await post({ intent: "request", apiToken: "only-the-token" });
    expect(half.status).toBe(400);
    expect((await half.json()).error[""]).toEqual(["Please enter the API token and API secret"]);
    const sub = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 2 })).id);
    const res = await call(tokenLoader, getRequest("/Token", { cookie: sub }), t.context);
    expect(res.status).toBe(302);
  });
});

describe("/Token: role 1 chooses a symbol's Kite instrument (docs/decisions/175)", () => {
  it("saves a token, clears it with an empty field, and refuses hostile values without changing anything", async () => {
    const db = t.context.db;
    const [sym] = await db.insert(symbols).values({ symbolCode: "RELIANCE" }).returning({ id: symbols.id });
    const stored = async () => (await db.select({ token: symbols.kiteInstrumentToken }).from(symbols).where(eq(symbols.id, sym.id)))[0].token;

    const saved = await post({ intent: "instrument", symbolCode: "reliance", instrumentToken: "738561" });
    expect(saved.status).toBe(302);
    expect(await toastMessage(t.context.cookies, saved)).toBe("RELIANCE will stream Kite instrument 738561; the feed takes it up within seconds.");
    expect(await stored()).toBe(738561);
    expect(await listKiteInstrumentChoices(db)).toEqual(new Map([["RELIANCE", 738561]]));

    for (const [fields, field, message] of [
      [{ instrumentToken: "abc" }, "instrumentToken", KITE_INSTRUMENT_TOKEN_FORMAT],
      [{ instrumentToken: "-5" }, "instrumentToken", KITE_INSTRUMENT_TOKEN_FORMAT],
      [{ instrumentToken: "1e5" }, "instrumentToken", KITE_INSTRUMENT_TOKEN_FORMAT],
      [{ instrumentToken: "1234567890123" }, "instrumentToken", KITE_INSTRUMENT_TOKEN_FORMAT],
      [{ instrumentToken: "12; drop table symbols" }, "instrumentToken", KITE_INSTRUMENT_TOKEN_FORMAT],
      [{ symbolCode: "", instrumentToken: "1" }, "symbolCode", CHOOSE_A_SYMBOL],
      [{ symbolCode: "X".repeat(41), instrumentToken: "1" }, "symbolCode", CHOOSE_A_SYMBOL],
    ] as [Record<string, string>, string, string][]) {
      const res = await post({ intent: "instrument", symbolCode: "RELIANCE", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await res.json()).error[field]).toEqual([message]);
      expect(await stored()).toBe(738561);
    }
    const unknown = await post({ intent: "instrument", symbolCode: "NOSUCHSYMBOL", instrumentToken: "1" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error[""]).toEqual([NO_SUCH_SYMBOL]);

    const cleared = await post({ intent: "instrument", symbolCode: "RELIANCE", instrumentToken: "" });
    expect(cleared.status).toBe(302);
    expect(await toastMessage(t.context.cookies, cleared)).toBe("RELIANCE is mapped by the rules again; the feed takes it up within seconds.");
    expect(await stored()).toBeNull();

    // Not role 2, 3 or 4.
    for (const roleId of [2, 3, 4] as const) {
      const cookie = await sessionCookieFor(t.context, (await createUser(db, { roleId })).id);
      const res = await call(tokenAction, formRequest("/Token", { intent: "instrument", symbolCode: "RELIANCE", instrumentToken: "1" }, { cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).not.toBe("/Token");
    }
    expect(await stored()).toBeNull();
  });

  it("refuses a token the stored instrument dump does not list (an option, a typo), changing nothing", async () => {
    const db = t.context.db;
    const [sym] = await db.insert(symbols).values({ symbolCode: "TCS" }).returning({ id: symbols.id });
    const stored = async () => (await db.select({ token: symbols.kiteInstrumentToken }).from(symbols).where(eq(symbols.id, sym.id)))[0].token;
    const today = istDateString(Date.now());
    await replaceKiteInstruments(db, today, SAMPLE_KITE_INSTRUMENTS);
    try {
      const missing = await post({ intent: "instrument", symbolCode: "TCS", instrumentToken: "999999" });
      expect(missing.status).toBe(400);
      expect((await missing.json()).error[""]).toEqual([notInKiteDump(999999, today)]);
      expect(await stored()).toBeNull();

      // RELIANCE (active) streams 738561 by the rules: TCS cannot take it too.
      const taken = await post({ intent: "instrument", symbolCode: "TCS", instrumentToken: String(SAMPLE_TOKENS.reliance) });
      expect(taken.status).toBe(400);
      expect((await taken.json()).error[""]).toEqual([instrumentTaken(SAMPLE_TOKENS.reliance, "RELIANCE", "RELIANCE")]);
      expect(await stored()).toBeNull();

      const listed = await post({ intent: "instrument", symbolCode: "TCS", instrumentToken: String(SAMPLE_TOKENS.infy) });
      expect(listed.status).toBe(302);
      expect(await toastMessage(t.context.cookies, listed)).toBe("TCS will stream INFY · NSE (chosen by hand); the feed takes it up within seconds.");
      expect(await stored()).toBe(SAMPLE_TOKENS.infy);

      // Cleared, the answer says what the rules make of it: nothing here.
      const cleared = await post({ intent: "instrument", symbolCode: "TCS", instrumentToken: "" });
      expect(await toastMessage(t.context.cookies, cleared)).toBe(
        "TCS has no choice now, and the rules find no instrument for it: TCS is neither an NSE equity nor an index in the instrument dump. It is not streamed until one is chosen.",
      );
      expect(await stored()).toBeNull();
    } finally {
      await db.delete(kiteInstruments);
    }
  });
});
