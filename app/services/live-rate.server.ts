// API Verification (/Token) and the JSON API's LiverateSettingController calls: read back the
// stored provider credentials, masked (docs/product-rules.md R-D23), request an OTP for the typed (or stored)
// credentials and verify it. The page and the API call these, so each message lives here once;
// a refusal comes back as an Outcome (the page shows it above the form, the API as its error).
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { requireRecentAuthentication } from "~/auth/reauth.server";
import { maskSecret } from "~/domain/mask";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { KiteConnect } from "kiteconnect";
import { loadStoredCredentials, promotePendingCredentials, storeCredentials, storePendingCredentials, storeProviderSession, type StoredCredentials } from "~/live-rate/credentials.server";
import { formatIstDateTime } from "~/domain/dates";
import { isValidKiteLoginState, KITE_PROVIDER, kiteLoginState, kiteSessionExpiry } from "~/domain/kite-session";
import { liveRateProviderFor, ProviderRefusedError } from "~/live-rate/provider.server";
import { markApiSecretAuthenticated } from "~/models/api-secret.server";
import { listActiveSymbols, listKiteInstrumentChoices, setKiteInstrumentChoice } from "~/models/symbol.server";
import { listStoredKiteInstruments, storedKiteInstrumentsDay } from "~/models/kite-instrument.server";
import { mapSymbols, type KiteInstrument } from "~/domain/kite-instruments";
import { instrumentView } from "~/live-rate/kite-provider.server";
import type { FeedInstrument } from "~/market/feed";
import { ENTER_CREDENTIALS, GET_SECRET_FAILED, SEND_OTP_FAILED, VERIFY_OTP_FAILED } from "~/schemas/token";
import { resolveSessionSecret } from "~/config/env.server";

export type VerificationStep = { intent: "request"; apiToken?: string; apiSecret?: string } | { intent: "verify"; apiToken?: string; apiSecret?: string; otp: string };

export interface MaskedCredentials {
  /** The last four characters, the rest masked (maskSecret). */
  apiToken: string | null;
  apiSecret: string | null;
  authenticationDate: Date | null;
  /** A daily-login provider's session lapse (Kite), null when none. */
  sessionExpiresAt: Date | null;
}

/** 422 when the provider refused what the user typed; 502 when the provider itself failed. */
function providerFailureStatus(error: unknown): 422 | 502 {
  return error instanceof ProviderRefusedError ? 422 : 502;
}

function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  // Kite's client rejects with its error envelope ({ status, message, error_type }).
  if (typeof error === "object" && error !== null && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** The stored credentials, opened; a refusal (500, GET_SECRET_FAILED) when the store cannot be read. */
async function openStoredCredentials(db: AppContext["db"], secret: string): Promise<Outcome<StoredCredentials | null>> {
  try {
    return succeed(await loadStoredCredentials(db, secret));
  } catch (error) {
    console.error("[token] load failed", error);
    return refuse(GET_SECRET_FAILED, undefined, 500);
  }
}

/** The stored credentials, masked to their last four characters; null when none are stored. */
export async function readStoredCredentials(context: Pick<AppContext, "db" | "env">): Promise<Outcome<MaskedCredentials | null>> {
  const loaded = await openStoredCredentials(context.db, resolveSessionSecret(context.env));
  if (!loaded.ok) return loaded;
  const stored = loaded.value;
  return succeed(stored ? { apiToken: maskSecret(stored.apiToken), apiSecret: maskSecret(stored.apiSecret), authenticationDate: stored.authenticationDate, sessionExpiresAt: stored.sessionExpiresAt } : null);
}

/**
 * One step of API Verification; the answer is the toast / API message. Both steps save or trust
 * credentials the live feed will use, so both need a recent sign-in: else ReauthenticationRequired
 * is thrown (docs/decisions/121).
 */
export async function runVerificationStep(context: AppContext, user: SessionUser, step: VerificationStep): Promise<Outcome<{ message: string; redirectTo?: string }>> {
  requireRecentAuthentication(context, user);
  const secret = resolveSessionSecret(context.env);
  const provider = liveRateProviderFor(context.env.FEED, { mailer: context.mailer, signingSecret: secret });
  const typed = step.apiToken && step.apiSecret ? { apiToken: step.apiToken, apiSecret: step.apiSecret } : null;
  if (!typed && (step.apiToken || step.apiSecret)) return refuse(ENTER_CREDENTIALS);
  const loaded = await openStoredCredentials(context.db, secret);
  if (!loaded.ok) return loaded;
  const stored = loaded.value;
  const credentials = typed ?? (stored ? { apiToken: stored.apiToken, apiSecret: stored.apiSecret } : null);
  if (!credentials) return refuse(ENTER_CREDENTIALS);
  // New credentials are kept (sealed) from the Request on, unverified until the OTP is checked,
  // so the no-JavaScript page never has to send them back to the browser.
  const changed = !stored || stored.apiToken !== credentials.apiToken || stored.apiSecret !== credentials.apiSecret;

  if (context.env.FEED === KITE_PROVIDER) {
    // Kite has no OTP: Request sends role 1 to Kite's own login, which returns to /Token/kite.
    if (step.intent === "verify") return refuse(KITE_NEEDS_NO_OTP);
    // New credentials wait apart until Kite accepts them: a typo never ends a working session.
    if (!stored) await storeCredentials(context.db, secret, credentials, user.id);
    else await storePendingCredentials(context.db, secret, stored.id, changed ? credentials : null, user.id);
    const state = kiteLoginState(secret, user.id, Date.now());
    return succeed({ message: "Log in to Kite to start the day's session.", redirectTo: kiteLoginUrl(context.env.KITE_LOGIN_URL, credentials.apiToken, state) });
  }

  if (step.intent === "request") {
    try {
      await provider.requestOtp(credentials, { email: user.email, name: user.name });
    } catch (error) {
      return refuse(`${SEND_OTP_FAILED} ${reason(error)}`, undefined, providerFailureStatus(error));
    }
    if (changed) await storeCredentials(context.db, secret, credentials, user.id);
    return succeed({ message: `OTP sent to ${user.email}` });
  }

  try {
    await provider.verifyOtp(credentials, step.otp);
  } catch (error) {
    return refuse(`${VERIFY_OTP_FAILED} ${reason(error)}`, undefined, providerFailureStatus(error));
  }
  if (changed) await storeCredentials(context.db, secret, credentials, user.id);
  const current = await loadStoredCredentials(context.db, secret);
  if (current) await markApiSecretAuthenticated(context.db, current.id, new Date());
  return succeed({ message: "API verified successfully" });
}

export const KITE_NEEDS_NO_OTP = "Kite needs no OTP: press Request to log in to Kite.";
export const KITE_LOGIN_NOT_COMPLETED = "Kite did not complete the login: nothing was changed. Press Request to try again.";
export const KITE_LOGIN_EXPIRED = "This Kite login was not started here in the last ten minutes: press Request to log in again.";
// Kite's own messages end in a full stop ("Invalid `checksum`."): one stop in the sentence.
export const kiteLoginRefused = (reason: string) => `Kite refused the login: ${reason.replace(/[.\s]+$/, "")}. Check the API key and secret, then press Request again.`;
export const kiteLoggedIn = (until: Date) => `Logged in to Kite: the session lasts until ${formatIstDateTime(until)}.`;

/** Kite's login page for the app's API key; Kite hands `redirect_params` back untouched to the registered redirect URL. */
export function kiteLoginUrl(loginUrl: string, apiKey: string, state: string): string {
  const url = new URL(loginUrl);
  url.searchParams.set("v", "3");
  url.searchParams.set("api_key", apiKey);
  url.searchParams.set("redirect_params", new URLSearchParams({ state }).toString());
  return url.toString();
}

/**
 * The end of Kite's login (GET /Token/kite?request_token=…&status=success&state=…): the request
 * token is exchanged, with the API secret, for the day's access token (Kite's session API, through
 * the official client), which is kept sealed with its 06:00 IST lapse. The state must be the one
 * this user's Request signed within ten minutes.
 */
export async function completeKiteLogin(
  context: Pick<AppContext, "db" | "env">,
  user: Pick<SessionUser, "id">,
  callback: { requestToken: string | null; status: string | null; state: string | null },
  now = Date.now(),
): Promise<Outcome<{ message: string }>> {
  const secret = resolveSessionSecret(context.env);
  if (!callback.state || !isValidKiteLoginState(secret, user.id, callback.state, now)) return refuse(KITE_LOGIN_EXPIRED);
  if (callback.status !== "success" || !callback.requestToken || !/^[A-Za-z0-9]{1,100}$/.test(callback.requestToken)) return refuse(KITE_LOGIN_NOT_COMPLETED);
  const loaded = await openStoredCredentials(context.db, secret);
  if (!loaded.ok) return loaded;
  const stored = loaded.value;
  if (!stored) return refuse(ENTER_CREDENTIALS);
  // The credentials this login was started with: new ones waiting for Kite, else the stored.
  const credentials = stored.pending ?? stored;
  let accessToken: string;
  try {
    const kite = new KiteConnect({ api_key: credentials.apiToken, root: context.env.KITE_API_ROOT } as ConstructorParameters<typeof KiteConnect>[0]);
    const session = await kite.generateSession(callback.requestToken, credentials.apiSecret);
    accessToken = session.access_token;
  } catch (error) {
    // Refused: new credentials are dropped, the stored ones and their session stay as they were.
    if (stored.pending) await storePendingCredentials(context.db, secret, stored.id, null, user.id);
    const refusal = typeof error === "object" && error !== null && "error_type" in error;
    return refuse(kiteLoginRefused(reason(error)), undefined, refusal ? 422 : 502);
  }
  const expiresAt = new Date(kiteSessionExpiry(now));
  const session = { token: accessToken, expiresAt, at: new Date(now) };
  if (stored.pending) await promotePendingCredentials(context.db, secret, stored.id, session);
  else await storeProviderSession(context.db, secret, stored.id, session);
  return succeed({ message: kiteLoggedIn(expiresAt) });
}

export const NO_SUCH_SYMBOL = "There is no such symbol.";
export const notInKiteDump = (token: number, listedOn: string) => `Kite's instrument list of ${listedOn} has no instrument ${token} (options are not streamed): nothing was changed.`;
export const instrumentTaken = (token: number, tradingsymbol: string, otherCode: string) =>
  `Instrument ${token} (${tradingsymbol}) already streams ${otherCode}, and one instrument streams one symbol: nothing was changed.`;
const TAKEN_UP = "the feed takes it up within seconds";

/**
 * Each symbol's Kite instrument by the stored dump and role 1's choices, for /Token and the
 * symbol list (any process: the dump is in the database); null before the Kite feed has stored
 * a dump. The rules are the feed's (mapSymbols), so what is shown is what streams.
 */
export async function describeKiteInstruments(
  context: Pick<AppContext, "db">,
  /** The symbols to describe; the active ones (those the feed streams) when not given. */
  symbolCodes?: readonly string[],
  now = Date.now(),
): Promise<{ listedOn: string; instruments: FeedInstrument[] } | null> {
  const listedOn = await storedKiteInstrumentsDay(context.db);
  if (!listedOn) return null;
  const [instruments, choices, codes] = await Promise.all([
    storedInstruments(context.db, listedOn),
    listKiteInstrumentChoices(context.db),
    symbolCodes ?? listActiveSymbols(context.db).then((active) => active.map((s) => s.symbolCode)),
  ]);
  const mappings = mapSymbols(codes, instruments, now, choices);
  return { listedOn, instruments: mappings.map((m) => instrumentView(m, choices.get(m.symbolCode.toUpperCase()) ?? null)) };
}

// A day's dump is written once (the feed's first start that day): read once per process and day.
let dumpRead: { listedOn: string; db: AppContext["db"]; instruments: Promise<KiteInstrument[]> } | null = null;
function storedInstruments(db: AppContext["db"], listedOn: string): Promise<KiteInstrument[]> {
  if (dumpRead?.listedOn !== listedOn || dumpRead.db !== db) {
    const instruments = listStoredKiteInstruments(db);
    dumpRead = { listedOn, db, instruments };
    instruments.catch(() => {
      dumpRead = null;
    });
  }
  return dumpRead.instruments;
}

/**
 * Role 1's choice of a symbol's Kite instrument, for a symbol the rules map to none or several
 * (docs/decisions/175); null clears it. With a stored dump, a token it does not list, or one
 * another active symbol already streams, is refused (the feed can stream an instrument as one
 * symbol only); the answer names what the symbol streams now. A token a later day's dump drops
 * is reported on /Token and the rules' answer stands.
 */
export async function chooseKiteInstrument(context: Pick<AppContext, "db">, choice: { symbolCode: string; instrumentToken?: number }, now = Date.now()): Promise<Outcome<{ message: string }>> {
  const code = choice.symbolCode.trim().toUpperCase();
  const token = choice.instrumentToken ?? null;
  const listedOn = await storedKiteInstrumentsDay(context.db);
  const dump = listedOn ? await storedInstruments(context.db, listedOn) : null;
  if (token !== null && dump && listedOn) {
    const instrument = dump.find((i) => i.instrument_token === token);
    if (!instrument) return refuse(notInKiteDump(token, listedOn), "instrumentToken");
    const [active, choices] = await Promise.all([listActiveSymbols(context.db), listKiteInstrumentChoices(context.db)]);
    const others = active.map((s) => s.symbolCode).filter((other) => other.toUpperCase() !== code);
    const taken = mapSymbols(others, dump, now, choices).find((m) => m.status === "mapped" && m.instrument_token === token);
    if (taken) return refuse(instrumentTaken(token, instrument.tradingsymbol, taken.symbolCode), "instrumentToken");
  }
  if (!(await setKiteInstrumentChoice(context.db, code, token))) return refuse(NO_SUCH_SYMBOL, "symbolCode");
  if (!dump) return succeed({ message: token === null ? `${code} is mapped by the rules again; ${TAKEN_UP}.` : `${code} will stream Kite instrument ${token}; ${TAKEN_UP}.` });
  // What the symbol streams now, in the words /Token shows.
  const choices = await listKiteInstrumentChoices(context.db);
  const [mapping] = mapSymbols([code], dump, now, choices);
  const shown = instrumentView(mapping, choices.get(code) ?? null);
  if (token !== null) return succeed({ message: `${code} will stream ${shown.text}; ${TAKEN_UP}.` });
  if (mapping.status === "mapped") return succeed({ message: `${code} is mapped by the rules again, to ${shown.text}; ${TAKEN_UP}.` });
  return succeed({ message: `${code} has no choice now, and the rules find no instrument for it: ${mapping.reason}. It is not streamed until one is chosen.` });
}
