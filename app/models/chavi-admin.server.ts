// The Key List, key assignments (chavi_users) and the key order. Multi-row writes are one
// transaction each.
import { and, asc, count, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "~/db/client.server";
import { chavis, chaviUsers, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import type { KeySort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import { pageOffset } from "~/domain/paging";
import { streamInBatches } from "./batches.server";
import { listOrder, searchCondition } from "./list-query.server";

export interface ChaviRow {
  id: number;
  name: string;
  displayName: string;
  type: "plus" | "minus";
  srNo: number;
  description: string;
  isactive: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: chavis.id,
  name: chavis.name,
  displayName: chavis.displayName,
  type: chavis.type,
  srNo: chavis.srNo,
  description: chavis.description,
  isactive: chavis.isactive,
  sortOrder: chavis.sortOrder,
  createdAt: chavis.createdAt,
  updatedAt: chavis.updatedAt,
};

// The Key List's own order; /key-setting's order (sort_order) is listChavisInOrder's and stays apart.
function keyListOrder(filter: ListOrder<KeySort>): SQL[] {
  const column = {
    name: sql`lower(${chavis.name})`,
    // The type as the list shows it (minus, plus), not the enum's declared order.
    type: sql`${chavis.type}::text`,
    srno: sql`${chavis.srNo}`,
    status: sql`${chavis.isactive}`,
    created: sql`${chavis.id}`,
  }[filter.sort];
  return listOrder(column, filter.dir, chavis.id);
}

/** One page of the Key List: its names searched, in the chosen order. */
export async function listChavisPage(db: AppDatabase, filter: ListOrder<KeySort> & { page: number; pageSize: number }): Promise<{ rows: ChaviRow[]; total: number }> {
  const where = searchCondition(filter.search, [chavis.name]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(chavis)
      .where(where)
      .orderBy(...keyListOrder(filter))
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
    db.select({ total: count() }).from(chavis).where(where),
  ]);
  return { rows, total };
}

/** Every row of the Key List's search in its order, a batch at a time (the list's export). */
export function streamChaviList(db: AppDatabase, filter: ListOrder<KeySort>): AsyncGenerator<ChaviRow> {
  return streamInBatches((page, pageSize) => listChavisPage(db, { ...filter, page, pageSize }));
}

/** Every key in the Chavi Setting order. */
export async function listChavisInOrder(db: AppDatabase): Promise<ChaviRow[]> {
  return db.select(columns).from(chavis).orderBy(asc(chavis.sortOrder), asc(chavis.id));
}

/** Every key in order, locked (FOR UPDATE) until the caller's transaction ends: for rewriting the order. */
export async function lockChavisInOrder(tx: AppDatabase): Promise<ChaviRow[]> {
  return tx.select(columns).from(chavis).orderBy(asc(chavis.sortOrder), asc(chavis.id)).for("update");
}

export async function findChavi(db: AppDatabase, id: number): Promise<(ChaviRow & { userIds: number[] }) | null> {
  const [row] = await db.select(columns).from(chavis).where(eq(chavis.id, id)).limit(1);
  if (!row) return null;
  const assigned = await db.select({ userId: chaviUsers.userId }).from(chaviUsers).where(eq(chaviUsers.chaviId, id));
  return { ...row, userIds: assigned.map((a) => a.userId) };
}

/** The users each key is assigned to (ascending ids), for the keys given; a key without users maps to []. */
export async function listChaviUserIds(db: AppDatabase, chaviIds: readonly number[]): Promise<Map<number, number[]>> {
  const byKey = new Map<number, number[]>(chaviIds.map((id) => [id, []]));
  if (chaviIds.length === 0) return byKey;
  const rows = await db
    .select({ chaviId: chaviUsers.chaviId, userId: chaviUsers.userId })
    .from(chaviUsers)
    .where(inArray(chaviUsers.chaviId, [...new Set(chaviIds)]))
    .orderBy(asc(chaviUsers.chaviId), asc(chaviUsers.userId));
  for (const row of rows) byKey.get(row.chaviId)?.push(row.userId);
  return byKey;
}

export async function isChaviNameTaken(db: AppDatabase, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chavis.id })
    .from(chavis)
    .where(and(sql`upper(${chavis.name}) = ${name.trim().toUpperCase()}`, exceptId ? ne(chavis.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * Serialises key creates and edits until the caller's transaction ends, so the name and rung
 * checks and the write cannot interleave with another save (docs/decisions/145).
 */
export async function lockKeyWrites(tx: AppDatabase): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x6b6579}, 0)`);
}

/** The key (other than exceptId) standing on a rung: the same type and Sr No (docs/product-rules.md R-D17). */
export async function findChaviOnRung(db: AppDatabase, type: "plus" | "minus", srNo: number, exceptId?: number): Promise<Pick<ChaviRow, "id" | "name"> | null> {
  const [row] = await db
    .select({ id: chavis.id, name: chavis.name })
    .from(chavis)
    .where(and(eq(chavis.type, type), eq(chavis.srNo, srNo), exceptId ? ne(chavis.id, exceptId) : undefined))
    .orderBy(asc(chavis.id))
    .limit(1);
  return row ?? null;
}

/** Roles that receive live key updates (docs/product-rules.md R-TD7), so the ones keys are assigned to. */
export const KEY_USER_ROLES: readonly RoleId[] = [1, 3, 4];

export interface KeyUserChoice {
  id: number;
  name: string;
  username: string;
  roleId: RoleId;
}

export async function listKeyUserChoices(db: AppDatabase): Promise<KeyUserChoice[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username, roleId: users.roleId })
    .from(users)
    .where(inArray(users.roleId, [...KEY_USER_ROLES]))
    .orderBy(asc(users.roleId), asc(users.username));
  return rows.map((r) => ({ ...r, roleId: r.roleId as RoleId }));
}

export interface ChaviWrite {
  name: string;
  displayName: string;
  description: string;
  type: "plus" | "minus";
  srNo: number;
  isactive: boolean;
  userIds: number[];
}


async function writeKeyUsers(tx: AppTransaction, chaviId: number, userIds: readonly number[]) {
  await tx.delete(chaviUsers).where(eq(chaviUsers.chaviId, chaviId));
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  // Only existing users of the key roles: a stale id in the post is dropped, not an error.
  const valid = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, unique), inArray(users.roleId, [...KEY_USER_ROLES])));
  if (valid.length > 0) await tx.insert(chaviUsers).values(valid.map((u) => ({ chaviId, userId: u.id })));
}

function chaviColumns(input: ChaviWrite) {
  return {
    name: input.name.trim(),
    displayName: input.displayName.trim(),
    description: input.description,
    type: input.type,
    srNo: input.srNo,
    isactive: input.isactive,
  };
}

export async function createChavi(db: AppDatabase, input: ChaviWrite): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${chavis.sortOrder}), 0)::int` }).from(chavis);
    const [row] = await tx
      .insert(chavis)
      .values({ ...chaviColumns(input), sortOrder: last + 1 })
      .returning({ id: chavis.id });
    await writeKeyUsers(tx, row.id, input.userIds);
    return row.id;
  });
}

export async function updateChavi(db: AppDatabase, id: number, input: ChaviWrite): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(chavis)
      .set({ ...chaviColumns(input), updatedAt: new Date() })
      .where(eq(chavis.id, id))
      .returning({ id: chavis.id });
    if (rows.length === 0) return false;
    await writeKeyUsers(tx, id, input.userIds);
    return true;
  });
}

export async function setChaviStatus(db: AppDatabase, id: number, isactive: boolean): Promise<boolean> {
  const rows = await db.update(chavis).set({ isactive, updatedAt: new Date() }).where(eq(chavis.id, id)).returning({ id: chavis.id });
  return rows.length > 0;
}

export async function deleteChavi(db: AppDatabase, id: number): Promise<boolean> {
  const rows = await db.delete(chavis).where(eq(chavis.id, id)).returning({ id: chavis.id });
  return rows.length > 0;
}

/** The keys assigned to one user. */
export async function listUserKeyIds(db: AppDatabase, userId: number): Promise<number[]> {
  const rows = await db.select({ id: chaviUsers.chaviId }).from(chaviUsers).where(eq(chaviUsers.userId, userId));
  return rows.map((r) => r.id);
}

/** Sets exactly these keys for the user (the documents' chaviId + removeId lists), in one transaction. */
export async function setUserKeys(db: AppDatabase, userId: number, chaviIds: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(chaviUsers).where(eq(chaviUsers.userId, userId));
    const unique = [...new Set(chaviIds)];
    if (unique.length === 0) return 0;
    const valid = await tx.select({ id: chavis.id }).from(chavis).where(inArray(chavis.id, unique));
    if (valid.length > 0) await tx.insert(chaviUsers).values(valid.map((k) => ({ chaviId: k.id, userId })));
    return valid.length;
  });
}

/** Writes the Chavi Setting order (1-based positions) in one transaction. */
export async function saveChaviOrder(db: AppDatabase, orderedIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, id] of orderedIds.entries()) {
      await tx.update(chavis).set({ sortOrder: index + 1, updatedAt: new Date() }).where(eq(chavis.id, id));
    }
  });
}

export async function countChavis(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ total: count() }).from(chavis);
  return Number(row.total);
}

/** The names of the given keys, in the given order's id order; ids that name no key are left out. */
export async function findChaviNames(db: AppDatabase, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: chavis.id, name: chavis.name }).from(chavis).where(inArray(chavis.id, [...ids])).orderBy(asc(chavis.id));
}
