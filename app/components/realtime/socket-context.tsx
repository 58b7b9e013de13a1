// One socket per tab, opened only in the browser for a signed-in user. Islands read live
// quotes through useLiveQuotes; every `on` has its `off` in the effect's cleanup.
//
// The connection is never silent (docs/decisions/128): useConnectionState says live,
// reconnecting or offline with the time of the last price, and a handshake refused with
// "Invalid token" (the session ended: deactivated, idle, expired) sends the page to /login after
// 1 s, as the documents' 401 rule says; a session ended elsewhere is told to the page before its
// socket is dropped (session-ended), and the page goes at once.
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import type { Quote } from "~/domain/quotes";
import { CLIENT_EVENTS, SERVER_EVENTS, SESSION_ENDED_REASON, type SymbolTickPayload } from "../../realtime/events";
import { SymbolSubscriptions } from "../../realtime/symbol-subscriptions";

interface SocketHandle {
  socket: Socket;
  subscriptions: SymbolSubscriptions;
}

const SocketContext = createContext<SocketHandle | null>(null);

/** The handshake's refusal for a session that no longer exists (hub.server.ts). */
const INVALID_TOKEN = "Invalid token";
/** The Sign out form's action (app-shell.tsx). */
const LOGOUT_PATH = "/logout";
/** Failed reconnection attempts after which the page says "offline" (it keeps trying). */
const ATTEMPTS_BEFORE_OFFLINE = 3;
/** Local storage keys the 401 rule keeps: the notification detail. */
const KEPT_STORAGE_PREFIX = "notification";

/**
 * `identity`: the signed-in user's id. A socket belongs to one user: when another user signs in
 * on the same page (a client-side navigation after /login), the old socket and anything it had
 * scheduled (a pending move to /login) are dropped and a new one opens with the new session.
 */
export function SocketProvider({ enabled, identity, children }: { enabled: boolean; identity: number; children: React.ReactNode }) {
  const [handle, setHandle] = useState<SocketHandle | null>(null);
  // This tab's own Sign out ends the session too; its navigation, not session-ended, decides
  // where the page goes (and says "You have been signed out"). The flag is set by the submit
  // event itself: the server can answer the post and say session-ended before React renders the
  // submitting state (on a loaded machine it did, and the page landed on
  // /login?reason=session-ended). Once set it holds until this socket is gone.
  const signingOut = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    signingOut.current = false;
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && new URL(form.action, window.location.href).pathname === LOGOUT_PATH) signingOut.current = true;
    };
    document.addEventListener("submit", onSubmit, true);
    let active = true;
    let opened: Socket | null = null;
    let leaving: ReturnType<typeof setTimeout> | undefined;
    // A page being left (a navigation to /login ends its session on the way) must not be sent
    // to /login on top of the navigation the user asked for.
    let unloading = false;
    const onUnload = () => {
      unloading = true;
      if (leaving) clearTimeout(leaving);
    };
    window.addEventListener("beforeunload", onUnload);
    window.addEventListener("pagehide", onUnload);
    // Loaded on demand so pages pay for the client only once JavaScript runs.
    void import("socket.io-client").then(({ io }) => {
      if (!active) return;
      const socket = io({ transports: ["websocket"], withCredentials: true });
      opened = socket;
      const subscriptions = new SymbolSubscriptions();
      // Every symbol some component still shows, again after each (re)connection.
      socket.on("connect", () => {
        const subs = subscriptions.active();
        if (subs.length > 0) socket.emit(CLIENT_EVENTS.subscribe, { subs });
      });
      socket.on("disconnect", (reason) => {
        // The server dropped us (a session of this user ended somewhere): the socket.io client
        // does not retry on its own after that; a new handshake tells whether ours still holds.
        if (reason === "io server disconnect") setTimeout(() => active && socket.connect(), 250);
      });
      socket.on(SERVER_EVENTS.sessionEnded, () => {
        if (leaving || unloading || signingOut.current) return;
        socket.disconnect();
        leaving = setTimeout(() => {
          if (!unloading && !signingOut.current) leaveForLogin();
        }, 0);
      });
      socket.on("connect_error", (error) => {
        if (error.message !== INVALID_TOKEN || leaving || unloading || signingOut.current) return;
        socket.disconnect();
        leaving = setTimeout(() => {
          if (!unloading && !signingOut.current) leaveForLogin();
        }, 1000);
      });
      setHandle({ socket, subscriptions });
    });
    return () => {
      active = false;
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onUnload);
      window.removeEventListener("pagehide", onUnload);
      if (leaving) clearTimeout(leaving);
      opened?.disconnect();
      setHandle(null);
    };
  }, [enabled, identity]);
  return <SocketContext.Provider value={handle}>{children}</SocketContext.Provider>;
}

function leaveForLogin() {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith(KEPT_STORAGE_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage may be unavailable (private mode); leaving matters more.
  }
  window.location.assign(`/login?reason=${SESSION_ENDED_REASON}`);
}

export function useSocket(): Socket | null {
  return useContext(SocketContext)?.socket ?? null;
}

export type ConnectionStatus = "connecting" | "live" | "reconnecting" | "offline";

export interface ConnectionState {
  status: ConnectionStatus;
  /** Epoch ms of the last price this tab received, null before the first. */
  lastPriceAt: number | null;
}

/**
 * The socket's state for the status indicator. The last price's time is updated at most once
 * a second, so a busy feed does not re-render the indicator on every batch.
 */
export function useConnectionState(): ConnectionState {
  const socket = useSocket();
  const [status, setStatus] = useState<ConnectionStatus>("connecting");
  const [lastPriceAt, setLastPriceAt] = useState<number | null>(null);
  useEffect(() => {
    if (!socket) return;
    let failures = 0;
    let lastWrite = 0;
    const onConnect = () => {
      failures = 0;
      setStatus(navigator.onLine === false ? "offline" : "live");
    };
    const onDisconnect = () => setStatus(navigator.onLine === false ? "offline" : "reconnecting");
    const onError = () => {
      failures += 1;
      setStatus(failures >= ATTEMPTS_BEFORE_OFFLINE || navigator.onLine === false ? "offline" : "reconnecting");
    };
    const onPrices = () => {
      const now = Date.now();
      if (now - lastWrite < 1000) return;
      lastWrite = now;
      setLastPriceAt(now);
    };
    // The browser knows first when the network goes: an open socket may take up to the
    // heartbeat's 20 s to notice, and its prices must not read as live meanwhile.
    const onOffline = () => setStatus("offline");
    const onOnline = () => setStatus(socket.connected ? "live" : "reconnecting");
    setStatus(navigator.onLine === false ? "offline" : socket.connected ? "live" : "connecting");
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.on("connect_error", onError);
    socket.on(SERVER_EVENTS.symbolTick, onPrices);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.off("connect_error", onError);
      socket.off(SERVER_EVENTS.symbolTick, onPrices);
    };
  }, [socket]);
  return { status, lastPriceAt };
}

/**
 * Subscribes to the given codes while mounted and returns their latest quotes (code → quote).
 * Subscriptions are counted per symbol across the tab's components; the provider subscribes
 * again after a reconnect, so a dropped connection heals without a reload.
 */
export function useLiveQuotes(codes: readonly string[]): Record<string, Quote> {
  const handle = useContext(SocketContext);
  const [quotes, setQuotes] = useState<Record<string, Quote>>({});
  const key = useMemo(() => [...new Set(codes.map((c) => c.toUpperCase()))].sort().join(","), [codes]);
  const pending = useRef<Record<string, Quote>>({});
  useEffect(() => {
    if (!handle || key === "") return;
    const { socket, subscriptions } = handle;
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
    socket.on(SERVER_EVENTS.symbolTick, onBatch);
    const added = subscriptions.acquire(subs);
    if (added.length > 0 && socket.connected) socket.emit(CLIENT_EVENTS.subscribe, { subs: added });
    return () => {
      socket.off(SERVER_EVENTS.symbolTick, onBatch);
      if (frame) cancelAnimationFrame(frame);
      const removed = subscriptions.release(subs);
      if (removed.length > 0 && socket.connected) socket.emit(CLIENT_EVENTS.unsubscribe, { subs: removed });
    };
  }, [handle, key]);
  return quotes;
}
