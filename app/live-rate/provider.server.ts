// The live-rate provider's authentication (API Verification, /Token): Request sends an OTP for
// an API token and secret, Verify checks it. A licensed vendor plugs in through this adapter
// interface (and its price feed through registerProvider in app/market/feed.ts); this build has
// no real vendor, so an in-process demo adapter mails its OTP through the app's mailer.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Mailer } from "~/mail/mailer.server";
import { registerProvider, type ProviderCredentials } from "~/market/feed";
import { createSimulatedFeed } from "~/market/feeds/simulated.server";

export interface LiveRateProvider {
  readonly name: string;
  /** Asks the vendor to send a one-time password for these credentials. Throws on refusal. */
  requestOtp(credentials: ProviderCredentials, recipient: { email: string; name: string }): Promise<void>;
  /** Checks the OTP. Throws when the vendor refuses it. */
  verifyOtp(credentials: ProviderCredentials, otp: string): Promise<void>;
}

export interface LiveRateDeps {
  mailer: Mailer;
  /** A server-side secret the demo adapter signs its OTPs with. */
  signingSecret: string;
  now?: () => number;
}

export type LiveRateProviderFactory = (deps: LiveRateDeps) => LiveRateProvider;

const adapters = new Map<string, LiveRateProviderFactory>();

export function registerLiveRateProvider(name: string, factory: LiveRateProviderFactory): void {
  adapters.set(name, factory);
}

/** The demo provider's name: FEED=demo-live-rate runs its price feed. */
export const DEMO_PROVIDER = "demo-live-rate";

/** The adapter of the vendor FEED names, else the demo adapter. */
export function liveRateProviderFor(feedName: string | undefined, deps: LiveRateDeps): LiveRateProvider {
  const factory = (feedName && adapters.get(feedName)) || adapters.get(DEMO_PROVIDER) || createDemoLiveRateProvider;
  return factory(deps);
}

/**
 * The provider answered and said no to what the user typed (malformed credentials, a wrong
 * OTP): the user's to fix, so the page answers 422. Any other error (the provider unreachable,
 * a broken answer) is the gateway's and answers 502.
 */
export class ProviderRefusedError extends Error {}

const OTP_WINDOW_MS = 10 * 60 * 1000;
const MIN_CREDENTIAL_LENGTH = 8;

/**
 * The demo adapter. Its OTP is an HMAC of the credentials and a 10-minute window under a server
 * secret, so it needs no stored state and the current or previous window's code is accepted.
 * It refuses credentials shorter than 8 characters, as a vendor refuses a malformed token.
 */
export function createDemoLiveRateProvider(deps: LiveRateDeps): LiveRateProvider {
  const now = deps.now ?? Date.now;
  const codeFor = (c: ProviderCredentials, window: number) => {
    const mac = createHmac("sha256", deps.signingSecret).update(`${c.apiToken}\u0000${c.apiSecret}\u0000${window}`).digest();
    return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, "0");
  };
  const checkShape = (c: ProviderCredentials) => {
    if (c.apiToken.length < MIN_CREDENTIAL_LENGTH || c.apiSecret.length < MIN_CREDENTIAL_LENGTH) {
      throw new ProviderRefusedError(`the provider refused the credentials (token and secret need at least ${MIN_CREDENTIAL_LENGTH} characters)`);
    }
  };
  return {
    name: DEMO_PROVIDER,
    async requestOtp(credentials, recipient) {
      checkShape(credentials);
      const code = codeFor(credentials, Math.floor(now() / OTP_WINDOW_MS));
      await deps.mailer.send({
        to: recipient.email,
        subject: "Live-rate provider OTP",
        text: `Hello ${recipient.name},\n\nYour live-rate provider OTP is ${code}. It is valid for 10 minutes.\n`,
      });
    },
    async verifyOtp(credentials, otp) {
      checkShape(credentials);
      const window = Math.floor(now() / OTP_WINDOW_MS);
      const given = Buffer.from(otp.padEnd(6, " ").slice(0, 6));
      const ok = [window, window - 1].some((w) => timingSafeEqual(Buffer.from(codeFor(credentials, w)), given)) && /^\d{6}$/.test(otp);
      if (!ok) throw new ProviderRefusedError("the OTP is wrong or has expired");
    },
  };
}

registerLiveRateProvider(DEMO_PROVIDER, createDemoLiveRateProvider);

/**
 * Registers the demo vendor's price feed with the feed seam, so FEED=demo-live-rate runs on the
 * verified credentials (a simulated feed seeded from the token: there is no real vendor).
 * server.ts calls this before openFeedFromEnv.
 */
export function registerDemoLiveRateFeed(): void {
  registerProvider(DEMO_PROVIDER, (credentials) => {
    const seed = createHmac("sha256", "demo-live-rate-seed").update(credentials.apiToken).digest().readUInt32BE(0);
    const feed = createSimulatedFeed({ seed });
    return { ...feed, name: `${DEMO_PROVIDER}(${feed.name})`, start: feed.start.bind(feed), stop: feed.stop.bind(feed) };
  });
}
