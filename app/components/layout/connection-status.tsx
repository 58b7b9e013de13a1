// The live connection's state in the top bar, so prices never freeze without a word: live,
// reconnecting or offline, with the IST time of the last price this tab received.
import { formatIstTime } from "~/domain/ist-format";
import { useConnectionState, useSocket, type ConnectionStatus } from "~/components/realtime/socket-context";

const LABEL: Record<ConnectionStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  offline: "Offline",
};

const DOT: Record<ConnectionStatus, string> = {
  connecting: "bg-slate-400",
  live: "bg-up",
  reconnecting: "bg-amber-500",
  offline: "bg-down",
};

/** `marketLive`: false while a live provider's feed is not streaming (MarketFeedBadge says why): the link is up, the prices are not live. */
export function ConnectionStatusIndicator({ marketLive = true }: { marketLive?: boolean }) {
  const { status, lastPriceAt } = useConnectionState();
  // Without JavaScript (or before the client loads) there is no live connection to describe:
  // the page's figures are the server's, as of the page load.
  if (!useSocket()) return null;
  // While the market feed is not streaming the last receipt is no price's time (a page's load
  // receives the book's last quotes): the feed's badge gives the time prices stopped instead.
  const last = lastPriceAt === null || !marketLive ? null : formatIstTime(lastPriceAt);
  const stale = status === "reconnecting" || status === "offline" || (status === "live" && !marketLive);
  const label = status === "live" && !marketLive ? "Connected" : LABEL[status];
  const dot = status === "live" && !marketLive ? "bg-amber-500" : DOT[status];
  return (
    // aria-live without role="status": the page's one status region is the toast's.
    <span
      aria-live="polite"
      data-connection={status}
      data-market-live={marketLive ? undefined : "false"}
      className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300"
      title={last ? `Last price received at ${last} IST` : "No live price received yet"}
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${dot}`} />
      {/* On a phone the dot shows the state and the words are read out (docs/decisions/147). */}
      <span className="sr-only sm:not-sr-only">
        <span>{label}</span>{" "}
        {last ? (
          <span className="tabular-nums" data-last-price-at={lastPriceAt ?? undefined}>
            {stale ? `· prices as of ${last}` : `· ${last}`}
          </span>
        ) : null}
      </span>
    </span>
  );
}
