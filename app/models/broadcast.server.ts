// Broadcast messages: the only place that reads or writes the broadcasts table and its
// recipients (docs/decisions/146: a broadcast's audience is everyone, roles or chosen users).
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { broadcastRecipients, broadcasts, users } from "~/db/schema";
import { isRoleId, type RoleId } from "~/domain/access";
import { normaliseBroadcastTarget, type BroadcastAudience, type BroadcastTarget, type ChatParty } from "~/domain/chat";
import { likePattern } from "~/domain/list-query";

export interface Broadcast {
  id: number;
  message: string;
  userId: number;
  userName: string;
  createdAt: Date;
  target: BroadcastTarget;
  /** The chosen users of a broadcast for "users" (empty otherwise), in name order. */
  recipients: { id: number; name: string }[];
}

/** A user as the recipient picker shows one. */
export interface RecipientChoice {
  id: number;
  name: string;
  username: string;
  roleId: RoleId;
}

function storedTarget(audience: string, targetRoles: number[] | null, userIds: number[] = []): BroadcastTarget {
  return normaliseBroadcastTarget({
    audience: audience as BroadcastAudience,
    roles: (targetRoles ?? []).filter(isRoleId),
    userIds,
  });
}

/** Stores a broadcast and, for chosen users, its recipients (one transaction). */
export async function insertBroadcast(
  db: AppDatabase,
  author: { id: number; name: string },
  message: string,
  target: BroadcastTarget,
): Promise<Broadcast> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcasts)
      .values({
        userId: author.id,
        message,
        audience: target.audience,
        targetRoles: target.audience === "roles" ? target.roles : null,
      })
      .returning();
    if (target.audience === "users" && target.userIds.length > 0) {
      await tx.insert(broadcastRecipients).values(target.userIds.map((userId) => ({ broadcastId: row.id, userId })));
    }
    return { id: row.id, message: row.message, userId: row.userId, userName: author.name, createdAt: row.createdAt, target, recipients: [] };
  });
}

/** The broadcasts a user is among the audience of (the rule of isBroadcastFor, app/domain/chat.ts). */
function visibleTo(viewer: ChatParty): SQL {
  return or(
    eq(broadcasts.audience, "everyone"),
    and(eq(broadcasts.audience, "roles"), sql`${viewer.roleId} = any(${broadcasts.targetRoles})`),
    and(
      eq(broadcasts.audience, "users"),
      sql`exists (select 1 from ${broadcastRecipients} r where r.broadcast_id = ${broadcasts.id} and r.user_id = ${viewer.id})`,
    ),
  ) as SQL;
}

/**
 * Broadcasts newest first, keyset-paged on (created_at, id) (the broadcasts_time_idx index):
 * `beforeId` is the last row of the previous page. With `visibleTo`, only those the user is
 * among the audience of; without it, all of them (the role-1 list).
 */
export async function listBroadcasts(
  db: AppDatabase,
  options: { limit: number; beforeId?: number | null; visibleTo?: ChatParty },
): Promise<{ rows: Broadcast[]; nextBeforeId: number | null }> {
  // The cursor row is compared in SQL: JavaScript dates drop the microseconds PostgreSQL keeps.
  const beforeCursor = options.beforeId
    ? sql`(${broadcasts.createdAt}, ${broadcasts.id}) < (select b.created_at, b.id from broadcasts b where b.id = ${options.beforeId})`
    : undefined;
  const rows = await db
    .select({
      id: broadcasts.id,
      message: broadcasts.message,
      userId: broadcasts.userId,
      userName: users.name,
      createdAt: broadcasts.createdAt,
      audience: broadcasts.audience,
      targetRoles: broadcasts.targetRoles,
    })
    .from(broadcasts)
    .innerJoin(users, eq(users.id, broadcasts.userId))
    .where(and(beforeCursor, options.visibleTo ? visibleTo(options.visibleTo) : undefined))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const recipients = await listRecipients(
    db,
    page.filter((r) => r.audience === "users").map((r) => r.id),
  );
  return {
    rows: page.map((r) => ({
      id: r.id,
      message: r.message,
      userId: r.userId,
      userName: r.userName,
      createdAt: r.createdAt,
      target: storedTarget(r.audience, r.targetRoles, (recipients.get(r.id) ?? []).map((u) => u.id)),
      recipients: recipients.get(r.id) ?? [],
    })),
    nextBeforeId: rows.length > options.limit ? page[page.length - 1].id : null,
  };
}

/** The chosen users of these broadcasts, by broadcast id, in name order. */
async function listRecipients(db: AppDatabase, broadcastIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byBroadcast = new Map<number, { id: number; name: string }[]>();
  if (broadcastIds.length === 0) return byBroadcast;
  const rows = await db
    .select({ broadcastId: broadcastRecipients.broadcastId, id: users.id, name: users.name })
    .from(broadcastRecipients)
    .innerJoin(users, eq(users.id, broadcastRecipients.userId))
    .where(inArray(broadcastRecipients.broadcastId, broadcastIds))
    .orderBy(asc(users.name), asc(users.id));
  for (const row of rows) {
    const list = byBroadcast.get(row.broadcastId) ?? [];
    list.push({ id: row.id, name: row.name });
    byBroadcast.set(row.broadcastId, list);
  }
  return byBroadcast;
}

const recipientColumns = { id: users.id, name: users.name, username: users.username, roleId: users.roleId };
const toChoice = (r: { id: number; name: string; username: string; roleId: number }): RecipientChoice => ({ ...r, roleId: r.roleId as RoleId });

/** The active users among these ids (a broadcast may name only those). */
export async function findActiveRecipients(db: AppDatabase, ids: readonly number[]): Promise<RecipientChoice[]> {
  // An id outside the integer column's range names nobody (and must not reach the query).
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (valid.length === 0) return [];
  const rows = await db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.id, valid), eq(users.status, true)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(toChoice);
}

/** Active users whose name, user name or email contains the text (wildcards taken literally). */
export async function searchRecipients(db: AppDatabase, search: string, limit: number): Promise<RecipientChoice[]> {
  const pattern = likePattern(search);
  const rows = await db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.status, true), or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern))))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  return rows.map(toChoice);
}
