// Broadcast messages: the only place that reads or writes the broadcasts table.
import { desc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { broadcasts, users } from "~/db/schema";

export interface Broadcast {
  id: number;
  message: string;
  userId: number;
  userName: string;
  createdAt: Date;
}

export async function insertBroadcast(
  db: AppDatabase,
  author: { id: number; name: string },
  message: string,
): Promise<Broadcast> {
  const [row] = await db.insert(broadcasts).values({ userId: author.id, message }).returning();
  return { id: row.id, message: row.message, userId: row.userId, userName: author.name, createdAt: row.createdAt };
}

/**
 * Broadcasts newest first, keyset-paged on (created_at, id) (the broadcasts_time_idx index):
 * `beforeId` is the last row of the previous page.
 */
export async function listBroadcasts(
  db: AppDatabase,
  options: { limit: number; beforeId?: number | null },
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
    })
    .from(broadcasts)
    .innerJoin(users, eq(users.id, broadcasts.userId))
    .where(beforeCursor)
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return { rows: page, nextBeforeId: rows.length > options.limit ? page[page.length - 1].id : null };
}
