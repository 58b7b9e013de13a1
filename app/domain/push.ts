// What a Web Push notification says (docs/decisions/153): the service worker (public/sw.js)
// shows `title` and `body` and opens `url` on a click; `tag` makes a later push of the same
// thing replace the earlier one on the device instead of piling up.

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The same text the bell shows, titled by its symbol; a click opens the notifications list. */
export function alertPushMessage(notification: { id: number; symbolCode: string; message: string }): PushMessage {
  return {
    title: notification.symbolCode ? `Price alert: ${notification.symbolCode}` : "Price alert",
    body: notification.message,
    url: "/notifications",
    tag: `alert-${notification.id}`,
  };
}

/** A trade notification's text; a click opens the trade journal. */
export function tradePushMessage(trade: { tradeId: number; symbolCode: string; message: string }): PushMessage {
  return {
    title: trade.symbolCode ? `Trade: ${trade.symbolCode}` : "Trade",
    body: trade.message,
    url: "/trades",
    tag: `trade-${trade.tradeId}`,
  };
}

/**
 * The push services browsers subscribe with. The server POSTs to a subscription's endpoint, so
 * an endpoint anywhere else (an address inside our network, another site) is refused: a
 * signed-in user must not be able to make the server send requests where it likes.
 */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"] as const;
const PUSH_SERVICE_SUFFIXES = [".notify.windows.com", ".push.apple.com"] as const;

/** Whether a subscription endpoint is an https address of a known push service. */
export function isKnownPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || (url.port && url.port !== "443")) return false;
  const host = url.hostname.toLowerCase();
  return (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
