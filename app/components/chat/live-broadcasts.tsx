// Broadcasts arriving live on any page of a signed-in user: shown at the top until dismissed.
// The message is React text, never HTML.
import { Icon } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import type { BroadcastView } from "~/domain/chat";
import { SERVER_EVENTS, type BroadcastPayload } from "~/realtime/events";
import { useSocket } from "~/components/realtime/socket-context";
import { useSocketConnected } from "~/components/realtime/use-chat-updates";

const KEEP = 3;

export function LiveBroadcasts() {
  const socket = useSocket();
  const connected = useSocketConnected();
  const [received, setReceived] = useState<BroadcastView[]>([]);
  useEffect(() => {
    if (!socket) return;
    const onBroadcast = (payload: BroadcastPayload) => {
      if (!payload || typeof payload.message !== "string") return;
      setReceived((prev) => [payload, ...prev.filter((b) => b.id !== payload.id)].slice(0, KEEP));
    };
    socket.on(SERVER_EVENTS.broadcast, onBroadcast);
    return () => {
      socket.off(SERVER_EVENTS.broadcast, onBroadcast);
    };
  }, [socket]);
  return (
    <section aria-label="Broadcast messages" aria-live="polite" data-live={connected} className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-4">
      {received.map((b) => (
        <div
          key={b.id}
          className="pointer-events-auto flex w-full max-w-xl items-start gap-3 rounded-md border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950 shadow dark:bg-amber-950 dark:text-amber-50"
        >
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold">Broadcast from {b.userName}</p>
            <p className="whitespace-pre-wrap break-words">{b.message}</p>
          </div>
          <button
            type="button"
            aria-label="Dismiss broadcast"
            className="text-xs opacity-70 hover:opacity-100"
            onClick={() => setReceived((prev) => prev.filter((x) => x.id !== b.id))}
          >
            <Icon name="x" className="h-4 w-4" />
          </button>
        </div>
      ))}
    </section>
  );
}
