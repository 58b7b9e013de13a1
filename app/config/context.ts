// The typed load context: long-lived services created once in server.ts (or by a test),
// reached by every loader and action. Routes never import singletons.
import type { FeedStatusReport } from "~/market/feed";
import type { AppDatabase } from "~/db/client.server";
import type { Env } from "~/config/env.server";
import type { Mailer } from "~/mail/mailer.server";
import type { AppCookies } from "~/auth/cookies.server";
import type { AuthLimiters } from "~/auth/rate-limit.server";
import type { LiveBook } from "~/realtime/live-book.server";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { PushSender } from "~/services/push.server";

export interface AppServices {
  db: AppDatabase;
  env: Env;
  mailer: Mailer;
  /** The start of every mailed link: PUBLIC_URL, else this server's own address (app/mail/links.server.ts). */
  mailedLinkBase: string;
  cookies: AppCookies;
  limiters: AuthLimiters;
  liveBook: LiveBook;
  hub: RealtimeHub;
  /** Web Push to the devices of users with no tab open (docs/decisions/153). */
  push: PushSender;
  /**
   * The price feed's state on this process (docs/decisions/175): set by server.ts once the market
   * starts; null (or absent) where this process does not lead the market.
   */
  feedStatus?: () => FeedStatusReport | null;
}

export interface AppContext extends AppServices {
  /** The CSP nonce of this response (scripts without it do not run). */
  cspNonce: string;
  /** The client's address as Express saw it (for rate limits and session records). */
  clientIp: string;
  /**
   * Lookups shared by the loaders of ONE page request (the root's and the route's ask for the
   * same signed-in user). Set per request by the server; absent where a context serves many
   * requests (tests), which then look everything up each time.
   */
  requestScope?: Map<string, Promise<unknown>>;
  /**
   * The route a Remix data request asks for (its `?_data=`, which Remix strips from the Request
   * its loaders see); absent for a page. Only a page and `root` load the shell (docs/decisions/160).
   */
  dataRouteId?: string;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
