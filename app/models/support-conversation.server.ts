// The resolved state of support conversations (docs/decisions/146): the only place that reads or
// writes support_conversations. A conversation is named by its client; no row, or a row with
// resolved_at null, is open.
import { and, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDatabase } from "~/db/client.server";
import { supportConversations, users } from "~/db/schema";

export interface ConversationState {
  resolvedAt: Date | null;
  resolvedBy: { id: number; name: string } | null;
}

const resolver = alias(users, "resolver");

export async function getConversationState(db: AppDatabase, clientId: number): Promise<ConversationState> {
  const [row] = await db
    .select({ resolvedAt: supportConversations.resolvedAt, resolverId: resolver.id, resolverName: resolver.name })
    .from(supportConversations)
    .leftJoin(resolver, eq(resolver.id, supportConversations.resolvedById))
    .where(eq(supportConversations.clientId, clientId))
    .limit(1);
  if (!row?.resolvedAt) return { resolvedAt: null, resolvedBy: null };
  return { resolvedAt: row.resolvedAt, resolvedBy: row.resolverId !== null && row.resolverName !== null ? { id: row.resolverId, name: row.resolverName } : null };
}

/** Marks the conversation resolved by this support user, now (again, if it already was). */
export async function markResolved(db: AppDatabase, clientId: number, resolvedById: number): Promise<void> {
  const now = new Date();
  await db
    .insert(supportConversations)
    .values({ clientId, resolvedAt: now, resolvedById, updatedAt: now })
    .onConflictDoUpdate({ target: supportConversations.clientId, set: { resolvedAt: now, resolvedById, updatedAt: now } });
}

/** Opens the conversation again; answers whether it was resolved (so a change can be announced). */
export async function markOpen(db: AppDatabase, clientId: number): Promise<boolean> {
  const reopened = await db
    .update(supportConversations)
    .set({ resolvedAt: null, resolvedById: null, updatedAt: new Date() })
    .where(and(eq(supportConversations.clientId, clientId), isNotNull(supportConversations.resolvedAt)))
    .returning({ resolvedAt: supportConversations.clientId });
  return reopened.length > 0;
}
