// What the shell (app/root.tsx) needs on every page: the theme, a flashed toast, and for a
// signed-in user the sidebar, top-bar tickers, trend and unread count. Kept out of root.tsx so
// that the browser's copy of the root module (which every page loads, /login included) carries
// none of the server-side rules it uses.
import { DEMO_PROVIDER } from "~/live-rate/provider.server";
import type { AppContext } from "~/config/context";
import { arrivingAtSignIn, getShellSession } from "~/auth/session.server";
import { idleSignOutMessage } from "~/domain/sessions";
import { takeToast } from "~/auth/toast.server";
import { readPreferences } from "~/auth/preferences.server";
import { TOP_BAR_INDICES } from "~/domain/quotes";
import { ROLE_NAMES } from "~/domain/access";
import { mustEnrolTwoFactor } from "~/domain/two-factor";
import type { FeedStatePayload } from "~/realtime/events";

/** The top bar's label for prices that are not the market's (docs/decisions/175). */
function priceSourceOf(feed: string): "simulated" | "replay" | null {
  // The demo live-rate provider's prices are simulated too (app/live-rate/provider.server.ts).
  if (feed === "simulated" || feed === DEMO_PROVIDER) return "simulated";
  if (feed.startsWith("replay:")) return "replay";
  return null;
}

/** A live provider's feed state for the top bar; null for simulated or replayed prices, or where this process does not run the feed. */
export function marketFeedOf(context: Pick<AppContext, "feedStatus">): FeedStatePayload | null {
  const status = context.feedStatus?.() ?? null;
  if (!status || status.state === "simulated" || status.state === "replay") return null;
  return { state: status.state, since: status.since };
}

export async function loadShell(context: AppContext, request: Request) {
  // The root serves every page, signed in or not; each route guards itself. The session's read
  // brings the stored theme, the trend and the unread count along (docs/decisions/160).
  const session = await getShellSession(context, request);
  const signedIn = session.kind === "active" && !arrivingAtSignIn(request) ? session : null;
  const prefs = await readPreferences(context.cookies, request);
  const flashed = await takeToast(context.cookies, request);
  // A session that went idle ends on the page that finds it (e.g. /login after the socket was
  // refused): that page says why.
  const toast = session.kind === "idle" ? { type: "info" as const, message: idleSignOutMessage(session.idleMinutes) } : flashed.toast;

  let theme = prefs.theme;
  let shell = null;
  if (signedIn) {
    const { user } = signedIn;
    const { theme: storedTheme, niftyTrend, unreadNotifications } = signedIn.shell;
    // The browser's theme cookie wins over the stored setting.
    theme ??= storedTheme === "dark" ? "dark" : "light";
    shell = {
      user: { id: user.id, name: user.name, roleId: user.roleId, roleName: ROLE_NAMES[user.roleId] },
      // An account that must set up two-factor sign-in first is offered only that (docs/decisions/121);
      // the links themselves follow from the role where the shell renders (shellNavigationFor).
      twoFactorSetupOnly: mustEnrolTwoFactor(user),
      tickers: TOP_BAR_INDICES.map(({ code, label }) => {
        const q = context.liveBook.get(code);
        return { code, label, close: q?.last ?? null, change: q?.change ?? null, changePercent: q?.changePercent ?? null };
      }),
      niftyTrend,
      priceSource: priceSourceOf(context.env.FEED),
      marketFeed: marketFeedOf(context),
      unreadNotifications,
      sidebarOpen: prefs.sidebarOpen,
      sidebarExpanded: prefs.sidebarExpanded,
    };
  }
  return { data: { theme: theme ?? "light", toast, shell }, setCookie: flashed.setCookie };
}
