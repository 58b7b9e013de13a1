// Broadcasts (docs/product-rules.md R-AC7 "Chat and broadcast", R-AC9): role 1 posts a message that every
// signed-in user gets live; the /broadcast/message pages, the chat screen's strip and the JSON
// API (messages/send/all, messages/broadcast/all) all go through here.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { BROADCAST_SENT, BROADCASTS_PER_PAGE, type BroadcastView } from "~/domain/chat";
import { formatIstDateTime } from "~/domain/dates";
import { succeed, type Outcome } from "~/domain/outcome";
import { insertBroadcast, listBroadcasts, type Broadcast } from "~/models/broadcast.server";
import { publishBroadcast } from "~/realtime/chat.server";
import { cursorParam } from "~/schemas/request-input.server";
import { consumeChatPost } from "./chat-post-limit.server";

type Db = Pick<AppContext, "db">;

/** How many broadcasts the chat screen shows beside the conversations. */
const RECENT_BROADCASTS = 5;

function toBroadcastView(broadcast: Broadcast): BroadcastView {
  return {
    id: broadcast.id,
    message: broadcast.message,
    userName: broadcast.userName,
    createdAt: broadcast.createdAt.toISOString(),
  };
}

/** Stores a broadcast and sends it live to every signed-in user; it counts against the posting limit. */
export async function sendBroadcast(
  context: Pick<AppContext, "db" | "hub">,
  author: Pick<SessionUser, "id" | "name">,
  text: string,
): Promise<Outcome<{ message: string; data: BroadcastView }>> {
  const allowed = await consumeChatPost(context, author.id);
  if (!allowed.ok) return allowed;
  const view = toBroadcastView(await insertBroadcast(context.db, author, text));
  publishBroadcast(context.hub, view);
  return succeed({ message: BROADCAST_SENT, data: view });
}

/** One page of broadcasts, newest first; `beforeId` is the previous page's last one. */
function broadcastPage(context: Db, beforeId: number | null) {
  return listBroadcasts(context.db, { limit: BROADCASTS_PER_PAGE, beforeId });
}

/** A page of broadcasts as the JSON API carries them (times as ISO instants). */
export async function listBroadcastViews(context: Db, beforeId: number | null): Promise<{ messages: BroadcastView[]; nextBefore: number | null }> {
  const page = await broadcastPage(context, beforeId);
  return { messages: page.rows.map(toBroadcastView), nextBefore: page.nextBeforeId };
}

/** The /broadcast/message table (times in IST). */
export async function loadBroadcastPage(context: Db, url: URL) {
  const beforeId = cursorParam(url.searchParams, "before");
  const page = await broadcastPage(context, beforeId);
  return {
    rows: page.rows.map((b) => ({ id: b.id, userName: b.userName, message: b.message, createdAt: formatIstDateTime(b.createdAt) })),
    nextHref: page.nextBeforeId ? `/broadcast/message?before=${page.nextBeforeId}` : null,
    isFirstPage: beforeId === null,
  };
}

/** The latest few broadcasts, for the chat screen (times in IST). */
export async function listRecentBroadcasts(context: Db) {
  const recent = await listBroadcasts(context.db, { limit: RECENT_BROADCASTS });
  return recent.rows.map((b) => ({ id: b.id, message: b.message, userName: b.userName, time: formatIstDateTime(b.createdAt) }));
}
