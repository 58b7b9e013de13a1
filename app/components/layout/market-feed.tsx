// A live provider's feed state in the top bar (FEED=kite; docs/decisions/175): when the market
// feed is not streaming, every page says so, so a price on screen is never taken for live. The
// page's load brings the state (no JavaScript needed); the socket brings its changes.
import { useEffect, useState } from "react";
import { useSocket } from "~/components/realtime/socket-context";
import { formatIstTime } from "~/domain/ist-format";
import { SERVER_EVENTS, type FeedStatePayload } from "~/realtime/events";

export function useMarketFeed(initial: FeedStatePayload | null): FeedStatePayload | null {
  const socket = useSocket();
  const [feed, setFeed] = useState(initial);
  // A new page's data (a navigation or a reload) is the server's latest word.
  useEffect(() => setFeed(initial), [initial?.state, initial?.since]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!socket) return;
    const onState = (payload: FeedStatePayload) => setFeed(payload);
    socket.on(SERVER_EVENTS.feedState, onState);
    return () => {
      socket.off(SERVER_EVENTS.feedState, onState);
    };
  }, [socket]);
  return feed;
}

const WORDS: Record<Exclude<FeedStatePayload["state"], "live">, (since: string) => string> = {
  off: (since) => `Prices off since ${since}`,
  connecting: () => "Feed connecting",
  reconnecting: () => "Feed reconnecting",
  stale: (since) => `No prices since ${since}`,
};

export function MarketFeedBadge({ feed }: { feed: FeedStatePayload | null }) {
  if (!feed || feed.state === "live") return null;
  const since = formatIstTime(feed.since);
  return (
    <span
      data-market-feed={feed.state}
      title={`The market feed is not streaming (since ${since} IST): the prices shown are the last received, not live.`}
      className="shrink-0 rounded border border-red-500 px-1 text-[10px] font-semibold uppercase leading-4 text-down"
    >
      {WORDS[feed.state](since)}
    </span>
  );
}
