// Broadcasts (docs/product-rules.md R-AC7 "Chat and broadcast", R-AC9; docs/decisions/146): role 1
// posts a message to everyone, to chosen roles or to chosen users, who get it live; every list a
// user sees shows only the broadcasts meant for them, and role 1's table names each target. The
// /broadcast/message pages, the chat screen's strip and the JSON API (messages/send/all,
// messages/broadcast/all) all go through here.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import {
  BROADCAST_SENT,
  BROADCAST_USER_UNKNOWN,
  BROADCASTS_PER_PAGE,
  describeBroadcastTarget,
  EVERYONE,
  normaliseBroadcastTarget,
  RECIPIENT_SEARCH_LIMIT,
  type BroadcastAudience,
  type BroadcastTarget,
  type BroadcastTargetInput,
  type BroadcastView,
  type ChatParty,
} from "~/domain/chat";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { formatIstDateTime } from "~/domain/dates";
import { parseSearch } from "~/domain/list-query";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  findActiveRecipients,
  insertBroadcast,
  listBroadcasts,
  searchRecipients,
  type Broadcast,
} from "~/models/broadcast.server";
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

/**
 * Stores a broadcast for its target (everyone when none is given) and sends it live to that
 * audience only; it counts against the posting limit. Chosen users must exist and be active:
 * an unknown id is refused and nothing is stored.
 */
export async function sendBroadcast(
  context: Pick<AppContext, "db" | "hub">,
  author: Pick<SessionUser, "id" | "name">,
  text: string,
  requested: BroadcastTargetInput = EVERYONE,
): Promise<Outcome<{ message: string; data: BroadcastView; target: BroadcastTarget }>> {
  const target = normaliseBroadcastTarget(requested);
  if (target.audience === "users") {
    const found = await findActiveRecipients(context.db, target.userIds);
    if (found.length !== target.userIds.length) return refuse(BROADCAST_USER_UNKNOWN, "userIds");
  }
  const allowed = await consumeChatPost(context, author.id);
  if (!allowed.ok) return allowed;
  const saved = await insertBroadcast(context.db, author, text, target);
  const view = toBroadcastView(saved);
  publishBroadcast(context.hub, view, target);
  return succeed({ message: BROADCAST_SENT, data: view, target });
}

/** One page of broadcasts, newest first; `beforeId` is the previous page's last one. */
function broadcastPage(context: Db, beforeId: number | null, viewer?: ChatParty) {
  return listBroadcasts(context.db, { limit: BROADCASTS_PER_PAGE, beforeId, visibleTo: viewer });
}

/** A page of the broadcasts meant for the caller, as the JSON API carries them (times as ISO instants). */
export async function listBroadcastViews(
  context: Db,
  viewer: ChatParty,
  beforeId: number | null,
): Promise<{ messages: BroadcastView[]; nextBefore: number | null }> {
  const page = await broadcastPage(context, beforeId, viewer);
  return { messages: page.rows.map(toBroadcastView), nextBefore: page.nextBeforeId };
}

/** The /broadcast/message table (role 1: every broadcast with its target; times in IST). */
export async function loadBroadcastPage(context: Db, url: URL) {
  const beforeId = cursorParam(url.searchParams, "before");
  const page = await broadcastPage(context, beforeId);
  return {
    rows: page.rows.map((b) => ({
      id: b.id,
      userName: b.userName,
      message: b.message,
      target: describeBroadcastTarget(b.target, b.recipients.map((u) => u.name)),
      createdAt: formatIstDateTime(b.createdAt),
    })),
    nextHref: page.nextBeforeId ? `/broadcast/message?before=${page.nextBeforeId}` : null,
    isFirstPage: beforeId === null,
  };
}

/** The latest few broadcasts meant for this user, for the chat screen (times in IST). */
export async function listRecentBroadcasts(context: Db, viewer: ChatParty) {
  const recent = await listBroadcasts(context.db, { limit: RECENT_BROADCASTS, visibleTo: viewer });
  return recent.rows.map((b) => ({ id: b.id, message: b.message, userName: b.userName, time: formatIstDateTime(b.createdAt) }));
}

/** A user the broadcast form's picker offers: a tick box labelled with name, user name and role. */
export interface RecipientOption {
  id: number;
  label: string;
}

export interface BroadcastDraft {
  message: string;
  audience: BroadcastAudience;
  roles: RoleId[];
  /** The users already ticked (kept across searches through the URL). */
  chosen: RecipientOption[];
  /** The search text and the users it found that are not ticked yet. */
  search: string;
  found: RecipientOption[];
  searched: boolean;
}

const optionOf = (u: { id: number; name: string; username: string; roleId: RoleId }): RecipientOption => ({
  id: u.id,
  label: `${u.name} (${u.username}, ${ROLE_NAMES[u.roleId]})`,
});

/**
 * The broadcast form as its URL leaves it (docs/decisions/146): the picker's Search submits the
 * whole form by GET, so what was typed and ticked comes back with the search's results, also
 * without JavaScript. Anything malformed is dropped, never an error.
 */
export async function loadBroadcastDraft(context: Db, url: URL): Promise<BroadcastDraft> {
  const params = url.searchParams;
  const audienceParam = params.get("audience");
  const audience: BroadcastAudience = audienceParam === "roles" || audienceParam === "users" ? audienceParam : "everyone";
  const roles = params
    .getAll("roles")
    .map(Number)
    .filter((r): r is RoleId => r === 1 || r === 2 || r === 3 || r === 4);
  const ids = params
    .getAll("userIds")
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number)
    .slice(0, 500);
  const chosen = (await findActiveRecipients(context.db, [...new Set(ids)])).map(optionOf);
  const search = parseSearch(params.get("q"));
  const chosenIds = new Set(chosen.map((c) => c.id));
  const found = search
    ? (await searchRecipients(context.db, search, RECIPIENT_SEARCH_LIMIT + chosen.length)).filter((u) => !chosenIds.has(u.id)).slice(0, RECIPIENT_SEARCH_LIMIT).map(optionOf)
    : [];
  return {
    message: (params.get("message") ?? "").slice(0, 4000),
    audience: search !== null ? "users" : audience,
    roles: [...new Set(roles)],
    chosen,
    search: search ?? "",
    found,
    searched: search !== null,
  };
}
