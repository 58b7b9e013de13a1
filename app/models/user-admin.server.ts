// The user list and the user modal's writes. A user's subscription is four tables
// (subscriptions + subscription_details + user_symbols + user_sectors); every write of it is
// one transaction that rewrites all four, so a half-saved subscription cannot exist.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "~/db/client.server";
import { authSessions, chavis, chaviUsers, subscriptionDetails, subscriptions, symbols, userSectors, userSymbols, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { shiftYmd } from "~/domain/dates";
import { streamInBatches } from "./batches.server";
import type { SortDirection } from "~/domain/list-query";
import { listOrder, searchCondition } from "./list-query.server";
import { pageOffset } from "~/domain/paging";
import type { SubscriptionFilter, UserSort } from "~/domain/user-admin";
import { accountColumns, identityValues, insertUser, type UserAccount } from "~/models/user.server";

/** An account with the dates of its latest subscription. */
export interface UserListRow extends UserAccount {
  dateSubscribed: string | null;
  dateExpired: string | null;
}

// The latest subscription of each user (one row per user, the highest id). The user list and
// the user report both show its dates.
export function latestSubscription(db: AppDatabase) {
  return db
    .selectDistinctOn([subscriptions.userId], {
      userId: subscriptions.userId,
      dateSubscribed: subscriptions.dateSubscribed,
      dateExpired: subscriptions.dateExpired,
    })
    .from(subscriptions)
    .orderBy(subscriptions.userId, desc(subscriptions.id))
    .as("latest_subscription");
}

/** A user row with the dates of its latest subscription (`latest` from latestSubscription). */
export function userWithSubscriptionColumns(latest: ReturnType<typeof latestSubscription>) {
  return { ...accountColumns, dateSubscribed: latest.dateSubscribed, dateExpired: latest.dateExpired };
}

export interface UserListFilter {
  roleId: RoleId;
  /** Matched anywhere in the user name, name or email, case-insensitively. */
  search: string | null;
  sort: UserSort;
  dir: SortDirection;
  subscription: SubscriptionFilter;
  /** Today in IST (YYYY-MM-DD): where "expiring" and "expired" count from. */
  today: string;
}

function userListWhere(latest: ReturnType<typeof latestSubscription>, filter: UserListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(users.roleId, filter.roleId), searchCondition(filter.search, [users.username, users.name, users.email])];
  if (filter.subscription?.kind === "expired") parts.push(lt(latest.dateExpired, filter.today));
  if (filter.subscription?.kind === "expiring") {
    parts.push(and(gte(latest.dateExpired, filter.today), lte(latest.dateExpired, shiftYmd(filter.today, filter.subscription.days))));
  }
  return and(...parts);
}

function userListOrder(latest: ReturnType<typeof latestSubscription>, filter: Pick<UserListFilter, "sort" | "dir">): SQL[] {
  const column = {
    username: sql`lower(${users.username})`,
    name: sql`lower(${users.name})`,
    email: sql`lower(${users.email})`,
    role: sql`${users.roleId}`,
    expiry: sql`${latest.dateExpired}`,
    subscribed: sql`${latest.dateSubscribed}`,
    created: sql`${users.id}`,
  }[filter.sort];
  return listOrder(column, filter.dir, users.id);
}

/** One page of the user list for its filter and order. */
export async function listUsersPage(
  db: AppDatabase,
  filter: UserListFilter & { page: number; pageSize: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const latest = latestSubscription(db);
  const where = userListWhere(latest, filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(userWithSubscriptionColumns(latest))
      .from(users)
      .leftJoin(latest, eq(latest.userId, users.id))
      .where(where)
      .orderBy(...userListOrder(latest, filter))
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
    db.select({ total: count() }).from(users).leftJoin(latest, eq(latest.userId, users.id)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, roleId: r.roleId as RoleId })), total };
}

/** Every row of the list's filter in its order, read a batch at a time (the list's export). */
export function streamUserList(db: AppDatabase, filter: UserListFilter): AsyncGenerator<UserListRow> {
  return streamInBatches((page, pageSize) => listUsersPage(db, { ...filter, page, pageSize }));
}

/** What a bulk action needs of each chosen account, its row locked until the transaction ends. */
export interface BulkTarget {
  id: number;
  username: string;
  roleId: RoleId;
  status: boolean;
  subscriptionId: number | null;
  dateSubscribed: string | null;
  dateExpired: string | null;
}

export async function lockBulkTargets(tx: AppTransaction, ids: readonly number[]): Promise<BulkTarget[]> {
  if (ids.length === 0) return [];
  const accounts = await tx
    .select({ id: users.id, username: users.username, roleId: users.roleId, status: users.status })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    .for("update");
  const latest = await tx
    .selectDistinctOn([subscriptions.userId], { userId: subscriptions.userId, id: subscriptions.id, dateSubscribed: subscriptions.dateSubscribed, dateExpired: subscriptions.dateExpired })
    .from(subscriptions)
    .where(inArray(subscriptions.userId, [...ids]))
    .orderBy(subscriptions.userId, desc(subscriptions.id));
  const byUser = new Map(latest.map((s) => [s.userId, s]));
  return accounts.map((a) => {
    const s = byUser.get(a.id);
    return { ...a, roleId: a.roleId as RoleId, subscriptionId: s?.id ?? null, dateSubscribed: s?.dateSubscribed ?? null, dateExpired: s?.dateExpired ?? null };
  });
}

export async function setAccountsStatus(tx: AppTransaction, ids: readonly number[], status: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, [...ids]));
  if (!status) await tx.delete(authSessions).where(inArray(authSessions.userId, [...ids]));
}

/** Moves each account's latest subscription to its new expiry; an account without one gets one from today. */
export async function setSubscriptionExpiries(tx: AppTransaction, changes: readonly { userId: number; subscriptionId: number | null; dateExpired: string }[], today: string): Promise<void> {
  for (const change of changes) {
    if (change.subscriptionId !== null) await tx.update(subscriptions).set({ dateExpired: change.dateExpired }).where(eq(subscriptions.id, change.subscriptionId));
    else await tx.insert(subscriptions).values({ userId: change.userId, dateSubscribed: today, dateExpired: change.dateExpired });
  }
}

export async function deleteAccounts(tx: AppTransaction, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(users).where(inArray(users.id, [...ids]));
}

/** What the documents' User carries beside the account (docs/product-rules.md R-AC3): its subscription and keys. */
export interface UserSubscriptionDetails {
  loginTimestamp: Date | null;
  sectorIds: number[];
  symbols: { symbolId: number; sectorId: number | null }[];
  subscriptions: { dateSubscribed: string; dateExpired: string | null; details: { symbolId: number; sectorId: number | null }[] }[];
  keys: { id: number; name: string; displayName: string }[];
}

/** The subscription details and assigned keys of a page of users (a few queries for the whole page). */
export async function listUserSubscriptionDetails(db: AppDatabase, userIds: readonly number[]): Promise<Map<number, UserSubscriptionDetails>> {
  const byUser = new Map<number, UserSubscriptionDetails>();
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return byUser;
  const [logins, sectorRows, symbolRows, subscriptionRows, detailRows, keyRows] = await Promise.all([
    db.select({ id: users.id, loginTimestamp: users.loginTimestamp }).from(users).where(inArray(users.id, wanted)),
    db.select({ userId: userSectors.userId, sectorId: userSectors.sectorId }).from(userSectors).where(inArray(userSectors.userId, wanted)).orderBy(asc(userSectors.sectorId)),
    db
      .select({ userId: userSymbols.userId, symbolId: userSymbols.symbolId, sectorId: userSymbols.sectorId })
      .from(userSymbols)
      .where(inArray(userSymbols.userId, wanted))
      .orderBy(asc(userSymbols.symbolId)),
    db
      .select({ id: subscriptions.id, userId: subscriptions.userId, dateSubscribed: subscriptions.dateSubscribed, dateExpired: subscriptions.dateExpired })
      .from(subscriptions)
      .where(inArray(subscriptions.userId, wanted))
      .orderBy(desc(subscriptions.id)),
    db
      .select({ subscriptionId: subscriptionDetails.subscriptionId, symbolId: subscriptionDetails.symbolId, sectorId: subscriptionDetails.sectorId })
      .from(subscriptionDetails)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDetails.subscriptionId))
      .where(inArray(subscriptions.userId, wanted))
      .orderBy(asc(subscriptionDetails.symbolId)),
    db
      .select({ userId: chaviUsers.userId, id: chavis.id, name: chavis.name, displayName: chavis.displayName })
      .from(chaviUsers)
      .innerJoin(chavis, eq(chavis.id, chaviUsers.chaviId))
      .where(inArray(chaviUsers.userId, wanted))
      .orderBy(asc(chavis.sortOrder), asc(chavis.id)),
  ]);
  for (const row of logins) byUser.set(row.id, { loginTimestamp: row.loginTimestamp, sectorIds: [], symbols: [], subscriptions: [], keys: [] });
  for (const r of sectorRows) byUser.get(r.userId)?.sectorIds.push(r.sectorId);
  for (const r of symbolRows) byUser.get(r.userId)?.symbols.push({ symbolId: r.symbolId, sectorId: r.sectorId });
  const details = new Map<number, { symbolId: number; sectorId: number | null }[]>();
  for (const r of detailRows) details.set(r.subscriptionId, [...(details.get(r.subscriptionId) ?? []), { symbolId: r.symbolId, sectorId: r.sectorId }]);
  for (const r of subscriptionRows) {
    byUser.get(r.userId)?.subscriptions.push({ dateSubscribed: r.dateSubscribed, dateExpired: r.dateExpired, details: details.get(r.id) ?? [] });
  }
  for (const r of keyRows) byUser.get(r.userId)?.keys.push({ id: r.id, name: r.name, displayName: r.displayName });
  return byUser;
}

export interface UserForEdit extends UserListRow {
  sectorIds: number[];
  symbolIds: number[];
}

export async function findUserForEdit(db: AppDatabase, id: number): Promise<UserForEdit | null> {
  const [user] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) return null;
  const [sectorRows, symbolRows, [subscription]] = await Promise.all([
    db.select({ id: userSectors.sectorId }).from(userSectors).where(eq(userSectors.userId, id)),
    db.select({ id: userSymbols.symbolId }).from(userSymbols).where(eq(userSymbols.userId, id)),
    db
      .select({ dateSubscribed: subscriptions.dateSubscribed, dateExpired: subscriptions.dateExpired })
      .from(subscriptions)
      .where(eq(subscriptions.userId, id))
      .orderBy(desc(subscriptions.id))
      .limit(1),
  ]);
  return {
    ...user,
    roleId: user.roleId as RoleId,
    sectorIds: sectorRows.map((r) => r.id),
    symbolIds: symbolRows.map((r) => r.id),
    dateSubscribed: subscription?.dateSubscribed ?? null,
    dateExpired: subscription?.dateExpired ?? null,
  };
}

export async function findUserRole(db: AppDatabase, id: number): Promise<RoleId | null> {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id)).limit(1);
  return row ? (row.roleId as RoleId) : null;
}

export interface SubscriptionInput {
  sectorIds: number[];
  symbolIds: number[];
  dateSubscribed: string;
  dateExpired: string | null;
}


async function writeSubscription(tx: AppTransaction, userId: number, input: SubscriptionInput): Promise<void> {
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await tx.delete(userSymbols).where(eq(userSymbols.userId, userId));
  await tx.delete(userSectors).where(eq(userSectors.userId, userId));
  // Each chosen symbol carries its own sector (the documents' symbol_id + sector_id pairs).
  const chosen =
    input.symbolIds.length > 0
      ? await tx
          .select({ id: symbols.id, sectorId: symbols.sectorId })
          .from(symbols)
          .where(inArray(symbols.id, [...new Set(input.symbolIds)]))
      : [];
  const [subscription] = await tx
    .insert(subscriptions)
    .values({ userId, dateSubscribed: input.dateSubscribed, dateExpired: input.dateExpired })
    .returning({ id: subscriptions.id });
  if (chosen.length > 0) {
    await tx.insert(subscriptionDetails).values(chosen.map((s) => ({ subscriptionId: subscription.id, symbolId: s.id, sectorId: s.sectorId })));
    await tx.insert(userSymbols).values(chosen.map((s) => ({ userId, symbolId: s.id, sectorId: s.sectorId })));
  }
  const sectorIds = [...new Set([...input.sectorIds, ...chosen.map((s) => s.sectorId).filter((id): id is number => id !== null)])];
  if (sectorIds.length > 0) await tx.insert(userSectors).values(sectorIds.map((sectorId) => ({ userId, sectorId }))).onConflictDoNothing();
}

export interface CreateAccountInput extends SubscriptionInput {
  name: string;
  username: string;
  email: string;
  passwordHash: string;
  roleId: RoleId;
}

export async function createUserWithSubscription(db: AppDatabase, input: CreateAccountInput): Promise<number> {
  return db.transaction(async (tx) => {
    // An account an admin creates needs no signup code.
    const user = await insertUser(tx, { ...input, status: true, emailVerified: true });
    await writeSubscription(tx, user.id, input);
    return user.id;
  });
}

export interface UpdateAccountInput extends SubscriptionInput {
  name: string;
  username: string;
  email: string;
  roleId: RoleId;
  status: boolean;
}

/**
 * Rewrites the account and its whole subscription in one transaction. The WHERE clause carries
 * the roles the caller may touch, so a row whose role changed meanwhile is not written.
 * Deactivating also deletes the user's sessions. Returns false when no row matched.
 */
export async function updateUserWithSubscription(
  db: AppDatabase,
  id: number,
  input: UpdateAccountInput,
  manageableRoles: readonly RoleId[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        ...identityValues(input),
        roleId: input.roleId,
        status: input.status,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, id), inArray(users.roleId, [...manageableRoles])))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    if (!input.status) await tx.delete(authSessions).where(eq(authSessions.userId, id));
    await writeSubscription(tx, id, input);
    return true;
  });
}

export async function deleteUserAccount(db: AppDatabase, id: number, manageableRoles: readonly RoleId[]): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, id), inArray(users.roleId, [...manageableRoles])))
    .returning({ id: users.id });
  return rows.length > 0;
}

export interface LoginUserRow {
  userId: number;
  name: string;
  username: string;
  email: string;
  roleId: RoleId;
  loginTime: Date;
  lastSeenAt: Date;
}

/** Signed-in sessions (Login Users), newest first, optionally of one role. The session id (a bearer secret) is never selected. */
export async function listLoginUsersPage(
  db: AppDatabase,
  filter: { roleId: RoleId | null; page: number; pageSize: number },
): Promise<{ rows: LoginUserRow[]; total: number }> {
  const where = and(sql`${authSessions.expiresAt} > now()`, filter.roleId ? eq(users.roleId, filter.roleId) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        username: users.username,
        email: users.email,
        roleId: users.roleId,
        loginTime: authSessions.createdAt,
        lastSeenAt: authSessions.lastSeenAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(where)
      .orderBy(desc(authSessions.createdAt), asc(authSessions.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
    db.select({ total: count() }).from(authSessions).innerJoin(users, eq(users.id, authSessions.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, roleId: r.roleId as RoleId })), total };
}

/** What the user form lists: active sectors, the checklist for the chosen sectors, and chips. */
export async function loadUserFormOptions(db: AppDatabase, sectorIds: readonly number[], symbolIds: readonly number[]) {
  const { listSectorChoices, listSymbolsOfSectors, findSymbolChoices } = await import("./sector.server");
  const [sectorChoices, checklist, chosen] = await Promise.all([
    listSectorChoices(db, true),
    listSymbolsOfSectors(db, sectorIds),
    findSymbolChoices(db, symbolIds),
  ]);
  return { sectors: sectorChoices, symbols: checklist, chosenSymbols: chosen };
}

/** Accounts per role, every status: one row per role that has any. */
export function usersByRoleQuery(db: AppDatabase) {
  return db.select({ roleId: users.roleId, total: count().as("total") }).from(users).groupBy(users.roleId);
}

/** How many accounts each role has, every status (the dashboard cards and admin/totalcount, through countAccountsByRole). */
export async function countUsersByRole(db: AppDatabase): Promise<Record<RoleId, number>> {
  return usersByRoleRecord(await usersByRoleQuery(db));
}

/** usersByRoleQuery's rows as a count for each role, zero for a role without accounts. */
export function usersByRoleRecord(rows: readonly { roleId: number; total: number }[]): Record<RoleId, number> {
  const counts: Record<RoleId, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const r of rows) if (r.roleId >= 1 && r.roleId <= 4) counts[r.roleId as RoleId] = Number(r.total);
  return counts;
}

/** The user names of the given accounts among the given roles, in id order (a bulk confirmation's list). */
export async function listAccountNames(db: AppDatabase, ids: readonly number[], roles: readonly RoleId[]): Promise<{ id: number; username: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inArray(users.id, [...ids]), inArray(users.roleId, [...roles])))
    .orderBy(asc(users.id));
}

/** The end date of the account's latest subscription, as a row (none: no subscription). */
export function subscriptionEndQuery(db: AppDatabase, userId: number) {
  return db.select({ dateExpired: subscriptions.dateExpired }).from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id)).limit(1);
}

/** The end date of the account's latest subscription (null: none, or no end). */
export async function findSubscriptionEnd(db: AppDatabase, userId: number): Promise<string | null> {
  const [row] = await subscriptionEndQuery(db, userId);
  return row?.dateExpired ?? null;
}
