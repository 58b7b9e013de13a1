// Web Push (docs/decisions/153): the devices a user opted in from /setting are told of price
// alerts and trade notifications while the user has no tab open. The sender is created once
// (app/server/build-services) with the VAPID keys, and is called fire-and-forget by the alert
// engine and by trade changes: a slow or failing push service never holds up a tick or a write.
import type { Agent } from "node:https";
import webpush from "web-push";
import type { AppContext } from "~/config/context";
import type { VapidKeys } from "~/config/env.server";
import type { SessionUser } from "~/auth/session.server";
import type { AppDatabase } from "~/db/client.server";
import type { RealtimeHub } from "~/realtime/hub.server";
import { succeed, type Outcome } from "~/domain/outcome";
import type { PushMessage } from "~/domain/push";
import {
  countPushSubscriptions,
  deleteGonePushSubscription,
  deleteOwnPushSubscription,
  listPushTargets,
  upsertPushSubscription,
  type PushTarget,
} from "~/models/push-subscription.server";
import { visibleSymbolCodes } from "~/models/symbol.server";

export const PUSH_DEVICE_ADDED = "This device will be notified of alerts and trades when no tab is open.";
export const PUSH_DEVICE_REMOVED = "This device will no longer be notified.";

/** One thing to tell one user; `symbolCode` names the symbol it is about, if any. */
export interface PushNotice {
  userId: number;
  symbolCode?: string;
  message: PushMessage;
}

export interface PushReport {
  sent: number;
  /** Subscriptions the push service answered 404 or 410 for, now deleted. */
  removed: number;
  failed: number;
  /** Users left out because they had a live connection (a tab open). */
  connected: number;
}

export interface PushSender {
  /** The key a browser subscribes with (applicationServerKey). */
  readonly publicKey: string;
  /** Sends in the background; errors are logged, never thrown. */
  notifyAway(notices: readonly PushNotice[]): void;
  /** Sends now and reports (notifyAway's work, awaited). */
  deliver(notices: readonly PushNotice[]): Promise<PushReport>;
  /** Resolves once every background send started so far has finished. */
  idle(): Promise<void>;
}

// Long enough to reach a phone that wakes within the hour; an alert older than that is news no more.
const PUSH_TTL_SECONDS = 60 * 60;

export function createPushSender(deps: {
  db: AppDatabase;
  hub: Pick<RealtimeHub, "usersWithoutConnection">;
  vapid: VapidKeys;
  log?: (line: string) => void;
  timeoutMs?: number;
  /** The HTTPS agent of the requests (tests trust their local endpoint's certificate with one). */
  agent?: Agent;
}): PushSender {
  const log = deps.log ?? ((line: string) => console.error(line));
  const pending = new Set<Promise<unknown>>();
  const options: webpush.RequestOptions = {
    vapidDetails: { subject: deps.vapid.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: "high",
    timeout: deps.timeoutMs ?? 10_000,
    ...(deps.agent ? { agent: deps.agent } : {}),
  };

  async function sendTo(target: PushTarget, message: PushMessage): Promise<"sent" | "removed" | "failed"> {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), options);
      return "sent";
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      // 404 and 410: the browser unsubscribed or the subscription expired; it will never come back.
      if (status === 404 || status === 410) {
        await deleteGonePushSubscription(deps.db, target.endpoint);
        return "removed";
      }
      log(`[push] sending to ${new URL(target.endpoint).host} failed: ${status ?? ""} ${(error as Error).message}`.replace(/\s+/g, " "));
      return "failed";
    }
  }

  async function deliver(notices: readonly PushNotice[]): Promise<PushReport> {
    const report: PushReport = { sent: 0, removed: 0, failed: 0, connected: 0 };
    if (notices.length === 0) return report;
    const userIds = [...new Set(notices.map((n) => n.userId))];
    // The devices first: most of the people told have none, and asking who is connected is a
    // question to every process of the server (with Redis, a round trip through it), so it is
    // asked only about users a push could reach.
    const devices = await listPushTargets(deps.db, userIds);
    if (devices.length === 0) return report;
    const withDevice = [...new Set(devices.map((d) => d.userId))];
    let away: number[];
    try {
      away = await deps.hub.usersWithoutConnection(withDevice);
    } catch (error) {
      // Not knowing who is connected, a device told twice beats an alert never told.
      log(`[push] could not ask who is connected: ${(error as Error).message}`);
      away = withDevice;
    }
    report.connected = withDevice.length - away.length;
    const isAway = new Set(away);
    const targets = devices.filter((d) => isAway.has(d.userId));
    if (targets.length === 0) return report;
    // A customer hears only of the symbols of its subscription, as its bell shows (models/notification).
    const visible = new Map<number, Set<string> | "all">();
    for (const t of targets) if (!visible.has(t.userId)) visible.set(t.userId, await visibleSymbolCodes(deps.db, { id: t.userId, roleId: t.roleId }));
    const sends: Promise<"sent" | "removed" | "failed">[] = [];
    for (const notice of notices) {
      for (const target of targets) {
        if (target.userId !== notice.userId) continue;
        const codes = visible.get(target.userId);
        if (notice.symbolCode && codes !== "all" && !codes?.has(notice.symbolCode.toUpperCase())) continue;
        sends.push(sendTo(target, notice.message));
      }
    }
    for (const result of await Promise.all(sends)) report[result] += 1;
    return report;
  }

  return {
    publicKey: deps.vapid.publicKey,
    deliver,
    notifyAway(notices) {
      if (notices.length === 0) return;
      const job = deliver(notices)
        .catch((error) => log(`[push] ${notices.length} notices not sent: ${(error as Error).message}`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

type Db = Pick<AppContext, "db">;
type Owner = Pick<SessionUser, "id">;

/** What /setting shows of the opt-in: the key to subscribe with and how many devices are on. */
export async function pushDeviceSettings(context: Pick<AppContext, "db" | "push">, user: Owner) {
  return { publicKey: context.push.publicKey, devices: await countPushSubscriptions(context.db, user.id) };
}

/** Stores this device's subscription (validated by pushSubscribeSchema) for the signed-in user. */
export async function savePushSubscription(
  context: Db,
  user: Owner,
  value: { endpoint: string; p256dh: string; auth: string },
  userAgent: string,
): Promise<Outcome<{ message: string }>> {
  await upsertPushSubscription(context.db, user.id, { ...value, userAgent: userAgent.slice(0, 300) });
  return succeed({ message: PUSH_DEVICE_ADDED });
}

/**
 * Forgets this device's subscription. Only the user's own row is deleted; another user's
 * endpoint deletes nothing and answers the same, so the answer tells nobody whose it was.
 */
export async function removePushSubscription(context: Db, user: Owner, endpoint: string): Promise<Outcome<{ message: string }>> {
  await deleteOwnPushSubscription(context.db, user.id, endpoint);
  return succeed({ message: PUSH_DEVICE_REMOVED });
}
