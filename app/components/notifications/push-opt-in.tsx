// "Notify this device when no tab is open" (docs/decisions/153): subscribes this browser to Web
// Push with the server's public key and posts the subscription to /setting; off unsubscribes
// and has the server forget it. It needs the service worker, so it needs JavaScript: without it
// the panel says so instead of showing a switch that cannot work.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

type DeviceState = "checking" | "unsupported" | "no-worker" | "blocked" | "off" | "on";

const EXPLAIN: Partial<Record<DeviceState, string>> = {
  unsupported: "This browser cannot receive push notifications.",
  "no-worker": "Push notifications are not available here: the app's service worker is not running (it runs in the installed, production app).",
  blocked: "Notifications are blocked for this site. Allow them in the browser's site settings, then turn this on.",
};

// The service worker is registered after the page loads; a few seconds is enough for it to be ready.
const WORKER_WAIT_MS = 5_000;

async function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS))]);
}

export function PushOptIn({ publicKey, devices }: { publicKey: string; devices: number }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [state, setState] = useState<DeviceState>("checking");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    void (async () => {
      if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported" as const;
      if (Notification.permission === "denied") return "blocked" as const;
      const registration = await readyWorker();
      if (!registration) return "no-worker" as const;
      return (await registration.pushManager.getSubscription()) ? ("on" as const) : ("off" as const);
    })()
      .catch(() => "unsupported" as const)
      .then((next) => {
        if (!cancelled) setState(next);
      });
    return () => {
      cancelled = true;
    };
  }, [hydrated]);

  // A subscription the server refused is not kept on the device either.
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  useEffect(() => {
    if (!refused) return;
    setState("off");
    void readyWorker().then((registration) => registration?.pushManager.getSubscription().then((sub) => sub?.unsubscribe()));
  }, [refused]);

  async function toggle(on: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      const registration = await readyWorker();
      if (!registration) return setState("no-worker");
      if (on) {
        const permission = await Notification.requestPermission();
        if (permission !== "granted") return setState(permission === "denied" ? "blocked" : "off");
        const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
        const { endpoint, keys } = subscription.toJSON();
        fetcher.submit({ intent: "push-subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" }, { method: "post", action: "/setting" });
        setState("on");
      } else {
        const subscription = await registration.pushManager.getSubscription();
        if (subscription) {
          await subscription.unsubscribe();
          fetcher.submit({ intent: "push-unsubscribe", endpoint: subscription.endpoint }, { method: "post", action: "/setting" });
        }
        setState("off");
      }
    } catch (error) {
      setProblem(`This device could not be ${on ? "subscribed" : "unsubscribed"}: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  const deviceCount = devices === 1 ? "1 device of yours is notified." : `${devices} devices of yours are notified.`;
  if (!hydrated) {
    return (
      <p className="text-sm" data-testid="push-needs-js">
        Notifications when no tab is open need JavaScript, which is off in this browser. Alerts and trades still show in the bell while a page is open. {deviceCount}
      </p>
    );
  }
  const message = problem ?? refused ?? (fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.message : null) ?? EXPLAIN[state] ?? null;
  const usable = state === "on" || state === "off";
  return (
    <div className="flex flex-col gap-2 text-sm">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          role="switch"
          checked={state === "on"}
          disabled={!usable || busy || fetcher.state !== "idle"}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        Notify this device when no tab is open
      </label>
      <p className="text-slate-600 dark:text-slate-400">
        Price alerts and trade notifications reach this device while no page of the app is open. {deviceCount}
      </p>
      {/* aria-live, not role="status": the page's toast is its one status region. */}
      <p aria-live="polite" className="min-h-5" data-testid="push-state">
        {state === "checking" ? "Checking this device…" : message}
      </p>
    </div>
  );
}
