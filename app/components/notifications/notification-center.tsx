// The top bar's notifications: the bell with the unread count (a link to /notifications without
// JavaScript, the notifications modal with it), and the one listener of fired alerts for every
// page: "Notify in App" shows a toast, "Play sound" plays a short tone and reads the symbol's
// audio script in hi-IN (at most once per symbol per 60 s). Audio and speech errors are logged.
// Trade changes (the five trade-notification events) show a toast, add to the bell once per
// change however many of the events this user's socket hears, and refresh an open /trades list.
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
// The dialog primitive (Radix) arrives when the list is first opened, not with the shell every
// page loads (the phone's first-load budget, docs/decisions/155).
const Modal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.Modal })));
import { createSpeechCooldown, speakAlertScript } from "~/domain/speech";
import { ALERT_NOTIFICATION_EVENT, SERVER_EVENTS, type AlertNotificationPayload } from "~/realtime/events";
import type { TradeNotificationPayload } from "~/domain/trade-notifications";
import { formatIstDateTime } from "~/domain/ist-format";
import { useSocket } from "~/components/realtime/socket-context";
import { useSettledRevalidate } from "~/components/realtime/use-settled-revalidate";

export interface NotificationItem {
  id: number;
  time: string;
  message: string;
}

export function NotificationList({ notifications }: { notifications: NotificationItem[] }) {
  if (notifications.length === 0) return <p>No notifications.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Notifications</caption>
      <thead className="bg-slate-100 text-left dark:bg-slate-800">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold">
            Time
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Message
          </th>
        </tr>
      </thead>
      <tbody>
        {notifications.map((n) => (
          <tr key={n.id} className="border-t border-slate-100 dark:border-slate-800">
            <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{n.time}</td>
            <td className="px-3 py-1.5">{n.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const bellIcon = <Icon name="bell" className="inline h-5 w-5 stroke-[1.8]" />;

/** A short two-tone beep through WebAudio (no file to fetch). */
function playTone(log: (m: string) => void) {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return log("[audio] WebAudio is not available");
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.gain.value = 0.08;
    gain.connect(ctx.destination);
    [880, 660].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.15);
    });
    setTimeout(() => void ctx.close().catch(() => {}), 800);
    void ctx.resume().catch((error: Error) => log(`[audio] ${error.message}`));
  } catch (error) {
    log(`[audio] ${error instanceof Error ? error.message : String(error)}`);
  }
}

const TRADE_EVENTS = [
  SERVER_EVENTS.tradeAll,
  SERVER_EVENTS.tradeUser,
  SERVER_EVENTS.tradeAdmin,
  SERVER_EVENTS.tradeAdminEmployee,
  SERVER_EVENTS.tradeCustomerEmployee,
] as const;
/** Trade changes remembered for de-duplication (a user hears one change on up to four events). */
const SEEN_TRADE_CHANGES = 200;

interface Toast {
  key: string;
  kind: "alert" | "trade";
  symbolCode: string;
  message: string;
  time: string;
}

/**
 * The bell and the alert listener, mounted once in the app shell. `initialUnread` is the
 * server's count; live notifications add to it until the modal is opened.
 */
export function NotificationCenter({ initialUnread, href }: { initialUnread: number; href: string | null }) {
  const socket = useSocket();
  const [unread, setUnread] = useState(initialUnread);
  const [open, setOpen] = useState(false);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [voiceNote, setVoiceNote] = useState<string | null>(null);
  const voiceNoted = useRef(false);
  const cooldown = useRef(createSpeechCooldown());
  const list = useFetcher<{ notifications: NotificationItem[] }>();
  const markRead = useFetcher();
  const location = useLocation();
  const revalidate = useSettledRevalidate();
  // Read inside the socket listener without re-subscribing on every navigation.
  const onTradesPage = useRef(false);
  onTradesPage.current = location.pathname === "/trades";

  useEffect(() => setUnread(initialUnread), [initialUnread]);

  useEffect(() => {
    if (!socket) return;
    const log = (m: string) => console.info(m);
    const onAlert = (n: AlertNotificationPayload) => {
      if (!n || typeof n.message !== "string") return;
      setUnread((u) => u + 1);
      const view = Array.isArray(n.view) ? n.view : [];
      if (view.includes("Notify in App")) {
        showToast({ key: `alert:${n.id}`, kind: "alert", symbolCode: n.symbolCode, message: n.message, time: n.time });
      }
      if (view.includes("Play sound")) {
        playTone(log);
        if (n.mp3Text && cooldown.current.tryClaim(n.symbolCode, Date.now())) {
          const spoken = speakAlertScript(n.mp3Text, { log });
          if (spoken === "default" && !voiceNoted.current) {
            voiceNoted.current = true;
            setVoiceNote("No Hindi (hi-IN) voice is installed: alerts are read with the default voice.");
          }
        }
      }
    };
    const seen = new Set<string>();
    const onTrade = (n: TradeNotificationPayload) => {
      if (!n || typeof n.message !== "string" || typeof n.tradeId !== "number") return;
      const key = `trade:${n.tradeId}:${n.change}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (seen.size > SEEN_TRADE_CHANGES) seen.delete(seen.values().next().value as string);
      setUnread((u) => u + 1);
      showToast({ key, kind: "trade", symbolCode: n.symbolCode, message: n.message, time: formatIstDateTime(Date.now()) });
      if (onTradesPage.current) revalidate();
    };
    function showToast(toast: Toast) {
      setToasts((prev) => [toast, ...prev.filter((t) => t.key !== toast.key)].slice(0, 4));
      setTimeout(() => setToasts((prev) => prev.filter((t) => t.key !== toast.key)), 10_000);
    }
    socket.on(ALERT_NOTIFICATION_EVENT, onAlert);
    for (const event of TRADE_EVENTS) socket.on(event, onTrade);
    return () => {
      socket.off(ALERT_NOTIFICATION_EVENT, onAlert);
      for (const event of TRADE_EVENTS) socket.off(event, onTrade);
    };
  }, [socket, revalidate]);

  const label = unread === 0 ? "Notifications: none unread" : `Notifications: ${unread} unread`;
  const body = (
    <>
      {bellIcon}
      {unread > 0 ? <span className="ml-0.5 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">{unread}</span> : null}
    </>
  );
  const openModal = () => {
    setOpen(true);
    list.load("/notifications");
    if (unread > 0) {
      markRead.submit({ from: "modal" }, { method: "post", action: "/notifications" });
      setUnread(0);
    }
  };

  return (
    <>
      {href ? (
        <Link
          to={href}
          aria-label={label}
          className="relative"
          onClick={(event) => {
            // With JavaScript the bell opens the modal; the link is the no-JS page.
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            openModal();
          }}
        >
          {body}
        </Link>
      ) : (
        // A plain span may not carry aria-label (it has no role): the name is read as text instead.
        <span title={label} className="relative">
          <span aria-hidden="true">{body}</span>
          <span className="sr-only">{label}</span>
        </span>
      )}
      {open ? (
        <Suspense fallback={null}>
          <Modal title="Notifications" titleId="notifications-dialog-title" onClose={() => setOpen(false)}>
            {list.data ? <NotificationList notifications={list.data.notifications} /> : <p>Loading…</p>}
          </Modal>
        </Suspense>
      ) : null}
      {/* On a phone live toasts drop in from the top: at the bottom they sat on the page's own
          toast (both stacks are as wide as a phone), and the bottom is the navigation's. */}
      <section aria-label="Alert notifications" aria-live="assertive" className="pointer-events-none fixed inset-x-2 top-2 z-50 flex flex-col gap-2 md:inset-x-auto md:bottom-4 md:left-4 md:top-auto md:max-w-sm">
        {voiceNote ? (
          <div className="pointer-events-auto flex items-start gap-3 rounded-md border-l-4 border-blue-500 bg-blue-50 px-4 py-3 text-sm text-blue-900 shadow dark:bg-blue-950 dark:text-blue-100">
            <p>{voiceNote}</p>
            <button type="button" className="ml-auto text-xs" aria-label="Dismiss" onClick={() => setVoiceNote(null)}>
              <Icon name="x" className="h-4 w-4" />
            </button>
          </div>
        ) : null}
        {toasts.map((t) => (
          // No role="alert" per toast: form errors use that role; the region itself is live.
          <div
            key={t.key}
            data-alert-toast={t.kind === "alert" ? t.key.slice("alert:".length) : undefined}
            data-trade-toast={t.kind === "trade" ? t.key.slice("trade:".length) : undefined}
            className="pointer-events-auto flex items-start gap-3 rounded-md border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow dark:bg-amber-950 dark:text-amber-50">
            <div>
              <p className="font-semibold">
                {t.kind === "alert" ? "Alert" : "Trade"}: {t.symbolCode}
              </p>
              <p>{t.message}</p>
              <p className="text-xs opacity-70">{t.time}</p>
            </div>
            <button type="button" className="ml-auto text-xs" aria-label="Dismiss alert" onClick={() => setToasts((prev) => prev.filter((x) => x.key !== t.key))}>
              <Icon name="x" className="h-4 w-4" />
            </button>
          </div>
        ))}
      </section>
    </>
  );
}
