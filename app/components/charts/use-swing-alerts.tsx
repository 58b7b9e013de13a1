// swing_alert in the browser (docs/decisions/125, 129): while a chart shows a symbol with the
// user's Swing setting on, each swing alert of that symbol shows a toast and moves the stored
// swing line (a price line with its SH/SL marker); an alert before 09:00 or from 13:00 IST
// clears the line. The chart already subscribes to its symbol, so the alerts reach it.
import { useEffect, useState } from "react";
import { SERVER_EVENTS } from "~/realtime/events";
import { useSocket } from "~/components/realtime/socket-context";
import { isSwingAlertFor, swingAlertMessage, swingLineAfterAlert, type SwingLine } from "~/domain/swing-alerts";

/** How long a swing toast stays (it can be dismissed sooner). */
const TOAST_MS = 8_000;

export interface SwingToast {
  id: number;
  message: string;
  kind: "high" | "low";
}

export function useSwingAlerts(symbol: string, enabled: boolean): { line: SwingLine | null; toast: SwingToast | null; dismiss: () => void } {
  const socket = useSocket();
  const [line, setLine] = useState<SwingLine | null>(null);
  const [toast, setToast] = useState<SwingToast | null>(null);
  // Another symbol (or the setting turned off) starts without a line.
  useEffect(() => {
    setLine(null);
    setToast(null);
  }, [symbol, enabled]);
  useEffect(() => {
    if (!socket || !enabled) return;
    const onAlert = (payload: unknown) => {
      if (!isSwingAlertFor(payload, symbol)) return;
      setLine((current) => swingLineAfterAlert(current, payload, symbol));
      setToast({ id: Date.now(), message: swingAlertMessage(payload), kind: payload.kind });
    };
    socket.on(SERVER_EVENTS.swingAlert, onAlert);
    return () => {
      socket.off(SERVER_EVENTS.swingAlert, onAlert);
    };
  }, [socket, symbol, enabled]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return { line, toast, dismiss: () => setToast(null) };
}

/** The swing toast, in a polite live region of its own (the page's role="status" is the server toast's). */
export function SwingAlertToast({ toast, onDismiss }: { toast: SwingToast | null; onDismiss: () => void }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed right-4 top-16 z-50 flex max-w-sm flex-col">
      {toast ? (
        <div
          data-swing-toast={toast.kind}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 bg-white px-4 py-3 text-sm shadow dark:bg-slate-900 ${toast.kind === "high" ? "border-red-500" : "border-emerald-500"}`}
        >
          <p>{toast.message}</p>
          <button type="button" className="ml-auto text-xs opacity-70 hover:opacity-100" onClick={onDismiss} aria-label="Dismiss swing alert">
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}
