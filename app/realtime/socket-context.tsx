// One socket per tab, opened only in the browser for a signed-in user. Islands read live
// quotes through useLiveQuotes; every `on` has its `off` in the effect's cleanup.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import type { Quote } from "~/domain/quotes";
import { CLIENT_EVENTS, SERVER_EVENTS, type SymbolTickPayload } from "./events";

const SocketContext = createContext<Socket | null>(null);

export function SocketProvider({ enabled, children }: { enabled: boolean; children: React.ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let opened: Socket | null = null;
    // Loaded on demand so pages pay for the client only once JavaScript runs.
    void import("socket.io-client").then(({ io }) => {
      if (!active) return;
      opened = io({ transports: ["websocket"], withCredentials: true });
      setSocket(opened);
    });
    return () => {
      active = false;
      opened?.disconnect();
      setSocket(null);
    };
  }, [enabled]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/**
 * Subscribes to the given codes while mounted and returns their latest quotes (code → quote).
 * Re-subscribes after a reconnect, so a dropped connection heals without a reload.
 */
export function useLiveQuotes(codes: readonly string[]): Record<string, Quote> {
  const socket = useSocket();
  const [quotes, setQuotes] = useState<Record<string, Quote>>({});
  const key = useMemo(() => [...new Set(codes.map((c) => c.toUpperCase()))].sort().join(","), [codes]);
  const pending = useRef<Record<string, Quote>>({});
  useEffect(() => {
    if (!socket || key === "") return;
    const subs = key.split(",");
    const wanted = new Set(subs);
    let frame = 0;
    const onBatch = (batch: SymbolTickPayload[]) => {
      for (const { tickData } of batch) if (wanted.has(tickData.symbolCode)) pending.current[tickData.symbolCode] = tickData;
      // One React update per animation frame, however many batches arrive.
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          const next = pending.current;
          pending.current = {};
          setQuotes((prev) => ({ ...prev, ...next }));
        });
      }
    };
    const subscribe = () => socket.emit(CLIENT_EVENTS.subscribe, { subs });
    socket.on(SERVER_EVENTS.symbolTick, onBatch);
    socket.on("connect", subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.off(SERVER_EVENTS.symbolTick, onBatch);
      socket.off("connect", subscribe);
      if (frame) cancelAnimationFrame(frame);
      if (socket.connected) socket.emit(CLIENT_EVENTS.unsubscribe, { subs });
    };
  }, [socket, key]);
  return quotes;
}
