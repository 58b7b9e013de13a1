// Managing user accounts: the lists, the account form's checks and writes, the on/off switch and
// deletion. The user pages (/users, /users/new, /users/:id/edit, /users/:id/delete, /login-user)
// and the JSON API (admin/user/*, admin/login-user/list, admin/totalcount) call the same
// functions, so each rule, its message and its side effects (ended sockets) exist once here.
import { checkPasswordStrength, hashPassword } from "~/auth/password.server";
import { requireRecentAuthentication } from "~/auth/reauth.server";
import type { SessionUser } from "~/auth/session.server";
import type { AppDatabase } from "~/db/client.server";
import { ALL_ROLES, canReach, FORBIDDEN_TEXT, isRoleId, ROLE_NAMES, type RoleId } from "~/domain/access";
import { pickKeys, type AuditAction } from "~/domain/audit";
import type { SortDirection } from "~/domain/list-query";
import { istDateString } from "~/domain/dates";
import { notFoundOutcome, refuse, succeed, type Outcome, type Problem } from "~/domain/outcome";
import { userStatusMessage } from "~/domain/status-messages";
import {
  assignableRoles,
  bulkDoneMessage,
  canManageAccount,
  isKeyBulkAction,
  type BulkDetail,
  extendedExpiry,
  listRoleFor,
  mayWriteAccount,
  needsRecentSignIn,
  ownAccountRefusal,
  ROLE_NOT_LISTABLE,
  type AccountWrite,
  type SubscriptionFilter,
  type UserSort,
} from "~/domain/user-admin";
import { recordAudit } from "~/models/audit-log.server";
import { findChaviNames, KEY_USER_ROLES, listUserKeyIds, setUserKeys } from "~/models/chavi-admin.server";
import {
  countUsersByRole,
  createUserWithSubscription,
  deleteUserAccount,
  findUserForEdit,
  findUserRole,
  listLoginUsersPage,
  deleteAccounts,
  listAccountNames,
  listUsersPage,
  lockBulkTargets,
  setAccountsStatus,
  setSubscriptionExpiries,
  streamUserList,
  listUserSubscriptionDetails,
  updateUserWithSubscription,
  type BulkTarget,
  type UserForEdit,
  type UserListFilter,
  type UserListRow,
  type UserSubscriptionDetails,
} from "~/models/user-admin.server";
import { isEmailTaken, isUsernameTaken, setUserStatus } from "~/models/user.server";
import { listUserReportPage, type UserReportFilter } from "~/models/user-report.server";
import { findUnknownSymbolAndSectorIds } from "~/models/sector.server";
import { EMAIL_TAKEN, SELECT_ROLE, unknownIdsMessage, USERNAME_TAKEN, type BulkUserInput, type CreateUserInput, type ListExportFormat, type UpdateUserInput } from "~/schemas/user-admin";
import { USER_LIST_EXPORT_COLUMNS } from "~/services/reports/columns";
import { listDownloadResponse } from "~/services/reports/download.server";
import type { AppContext } from "~/config/context";

export type { UserForEdit, UserListRow, LoginUserRow } from "~/models/user-admin.server";

/** Who is writing: the role decides what it may touch, the id protects its own account, the session's sign-in time whether it is recent enough. */
export type AccountActor = Pick<SessionUser, "id" | "username" | "roleId" | "authenticatedAt">;

/** A key action named a key that no longer exists. */
export const BULK_KEYS_CHANGED = "Some of the chosen keys no longer exist. Nothing was changed; please choose again.";
export const cannotReceiveKeys = (username: string) => `${username} cannot receive keys (only Admin, Employee and Customer accounts do). Nothing was changed.`;

/** A bulk action found fewer accounts than were chosen: one was deleted meanwhile. */
export const BULK_USERS_CHANGED = "Some of the chosen users no longer exist. Nothing was changed; please choose again.";

/**
 * An existing account of a role the actor may not manage. A page says so (403); the JSON API
 * answers it as a missing account, so a token cannot probe which ids exist.
 */
export const ACCOUNT_NOT_MANAGEABLE: Problem = { status: 403, message: FORBIDDEN_TEXT };

const notManageable = <T>(): Outcome<T> => ({ ok: false, problem: ACCOUNT_NOT_MANAGEABLE });
const notAllowed = <T>(message: string = FORBIDDEN_TEXT): Outcome<T> => refuse<T>(message, undefined, 403);

const manageableRoles = (actor: Pick<AccountActor, "roleId">) => ALL_ROLES.filter((r) => canManageAccount(actor.roleId, r));

export const accountDeletedMessage = (username: string): string => `User ${username} deleted`;

// ---------------------------------------------------------------- lists

export interface AccountListQuery {
  roleId: number | null;
  search: string | null;
  sort: UserSort;
  dir: SortDirection;
  subscription: SubscriptionFilter;
}

/** The user list's filter for this actor: its role rule (default Customer), or a refusal for a role it may not list. */
function accountListFilter(actor: Pick<AccountActor, "roleId">, query: AccountListQuery): Outcome<UserListFilter> {
  const roleId = listRoleFor(actor.roleId, query.roleId);
  if (roleId === null) return refuse(ROLE_NOT_LISTABLE, undefined, 403);
  return succeed({ roleId, search: query.search, sort: query.sort, dir: query.dir, subscription: query.subscription, today: istDateString(new Date()) });
}

/** The user list: one role, searched, filtered by subscription, in the chosen order, one page. */
export async function listAccountsPage(
  context: Pick<AppContext, "db">,
  actor: Pick<AccountActor, "roleId">,
  query: AccountListQuery & { page: number; pageSize: number },
): Promise<Outcome<{ roleId: RoleId; rows: UserListRow[]; total: number }>> {
  const filter = accountListFilter(actor, query);
  if (!filter.ok) return filter;
  const { rows, total } = await listUsersPage(context.db, { ...filter.value, page: query.page, pageSize: query.pageSize });
  return succeed({ roleId: filter.value.roleId, rows, total });
}

/** The user list as a CSV or Excel download: every row of its filter, in its order. */
export function accountListDownload(context: Pick<AppContext, "db">, actor: Pick<AccountActor, "roleId">, query: AccountListQuery, format: ListExportFormat): Outcome<Response> {
  const filter = accountListFilter(actor, query);
  if (!filter.ok) return filter;
  const rows = streamUserList(context.db, filter.value);
  const filename = `users-${ROLE_NAMES[filter.value.roleId].toLowerCase().replace(/\s+/g, "-")}_${filter.value.today}.${format}`;
  return succeed(listDownloadResponse({ sheetName: "Users", columns: USER_LIST_EXPORT_COLUMNS, rows }, filename, format));
}

/**
 * A bulk action on chosen accounts, all or nothing: every chosen account must be one the actor
 * may manage (and not its own for deactivate and delete); the rows are locked, changed and
 * audited in one transaction. Deactivated and deleted accounts lose their sockets after commit.
 */
export async function bulkUpdateAccounts(context: Pick<AppContext, "db" | "hub">, actor: AccountActor, input: BulkUserInput): Promise<Outcome<string>> {
  const today = istDateString(new Date());
  const detail: BulkDetail = { days: input.bulk === "extend" ? (input.days ?? null) : null, keyNames: [] };
  if (isKeyBulkAction(input.bulk) && !canReach(actor.roleId, "/chavi")) return notAllowed();
  const done = await context.db.transaction(async (tx): Promise<Outcome<number[]>> => {
    const targets = await lockBulkTargets(tx, input.ids);
    if (targets.length !== input.ids.length) return refuse(BULK_USERS_CHANGED, undefined, 409);
    const keys = isKeyBulkAction(input.bulk) ? await findChaviNames(tx, input.keys) : [];
    if (keys.length !== (isKeyBulkAction(input.bulk) ? input.keys.length : 0)) return refuse(BULK_KEYS_CHANGED, "keys", 409);
    detail.keyNames = keys.map((k) => k.name);
    const kind = input.bulk === "activate" || input.bulk === "deactivate" ? "status" : input.bulk === "delete" ? "delete" : "update";
    for (const t of targets) {
      const write: AccountWrite = kind === "update" ? { kind, currentRole: t.roleId, newRole: t.roleId } : { kind, currentRole: t.roleId };
      if (!mayWriteAccount(actor.roleId, write)) return notAllowed(`${FORBIDDEN_TEXT} (${t.username})`);
      const own =
        input.bulk === "delete" ? ownAccountRefusal({ kind: "delete" }, actor.id, t.id) : input.bulk === "deactivate" ? ownAccountRefusal({ kind: "status", active: false }, actor.id, t.id) : null;
      if (own) return notAllowed(own);
      if (isKeyBulkAction(input.bulk) && !KEY_USER_ROLES.includes(t.roleId)) return refuse(cannotReceiveKeys(t.username), "ids", 400);
    }
    const ids = targets.map((t) => t.id);
    const audited = (action: AuditAction, before: (t: BulkTarget) => unknown, after: (t: BulkTarget) => unknown) =>
      recordAudit(
        tx,
        targets.map((t) => ({ actor, action, entity: "user" as const, entityId: t.id, before: { username: t.username, ...(before(t) as object) }, after: after(t) })),
      );
    switch (input.bulk) {
      case "activate":
      case "deactivate": {
        const status = input.bulk === "activate";
        await setAccountsStatus(tx, ids, status);
        await audited("switch", (t) => ({ status: t.status }), () => ({ status }));
        break;
      }
      case "extend": {
        const changes = targets.map((t) => ({ userId: t.id, subscriptionId: t.subscriptionId, dateExpired: extendedExpiry(t.dateExpired, today, detail.days ?? 0) }));
        await setSubscriptionExpiries(tx, changes, today);
        const newExpiry = new Map(changes.map((c) => [c.userId, c.dateExpired]));
        await audited("extend", (t) => ({ dateExpired: t.dateExpired }), (t) => ({ dateExpired: newExpiry.get(t.id) }));
        break;
      }
      case "assign-keys":
      case "remove-keys": {
        const chosen = new Set(input.keys);
        const before = new Map<number, number[]>();
        const after = new Map<number, number[]>();
        for (const t of targets) {
          const current = await listUserKeyIds(tx, t.id);
          const next = input.bulk === "assign-keys" ? [...new Set([...current, ...input.keys])] : current.filter((id) => !chosen.has(id));
          await setUserKeys(tx, t.id, next);
          before.set(t.id, [...current].sort((a, b) => a - b));
          after.set(t.id, [...next].sort((a, b) => a - b));
        }
        await audited("update", (t) => ({ keyIds: before.get(t.id) }), (t) => ({ keyIds: after.get(t.id) }));
        break;
      }
      case "delete":
        await audited("delete", (t) => ({ roleId: t.roleId, status: t.status, dateExpired: t.dateExpired }), () => null);
        await deleteAccounts(tx, ids);
        break;
    }
    return succeed(ids);
  });
  if (!done.ok) return done;
  if (input.bulk === "deactivate" || input.bulk === "delete") for (const id of done.value) context.hub.disconnectUser(id);
  return succeed(bulkDoneMessage(input.bulk, done.value.length, detail));
}

/** The chosen accounts as the confirmation names them (only those the actor may manage). */
export async function describeBulkTargets(
  context: Pick<AppContext, "db">,
  actor: Pick<AccountActor, "roleId">,
  input: Pick<BulkUserInput, "ids" | "keys">,
): Promise<{ accounts: { id: number; username: string }[]; keyNames: string[] }> {
  const [accounts, keys] = await Promise.all([listAccountNames(context.db, input.ids, manageableRoles(actor)), findChaviNames(context.db, input.keys)]);
  return { accounts, keyNames: keys.map((k) => k.name) };
}

/**
 * The user list as the documents' User rows (the JSON API): each account with its sign-in time,
 * sectors, symbols, subscriptions and assigned keys.
 */
export async function listAccountsPageWithDetails(
  context: Pick<AppContext, "db">,
  actor: Pick<AccountActor, "roleId">,
  query: AccountListQuery & { page: number; pageSize: number },
): Promise<Outcome<{ roleId: RoleId; total: number; rows: (UserListRow & { details: UserSubscriptionDetails })[] }>> {
  const listed = await listAccountsPage(context, actor, query);
  if (!listed.ok) return listed;
  const page = listed.value;
  const details = await listUserSubscriptionDetails(context.db, page.rows.map((r) => r.id));
  const none: UserSubscriptionDetails = { loginTimestamp: null, sectorIds: [], symbols: [], subscriptions: [], keys: [] };
  return succeed({ ...page, rows: page.rows.map((r) => ({ ...r, details: details.get(r.id) ?? none })) });
}

/** Login Users: the signed-in sessions, newest first, of one role or all (an unknown role reads as all). */
export async function listSignedInAccounts(context: Pick<AppContext, "db">, query: { roleId: number | null | undefined; page: number; pageSize: number }) {
  const roleId = isRoleId(query.roleId) ? query.roleId : null;
  const { rows, total } = await listLoginUsersPage(context.db, { roleId, page: query.page, pageSize: query.pageSize });
  return { roleId, rows, total };
}

/** The User Report's Users List: accounts created in the range, or (login mode) their sign-ins. */
export function listUserReport(context: Pick<AppContext, "db">, filter: UserReportFilter, paging: { page: number; pageSize: number }) {
  return listUserReportPage(context.db, filter, paging);
}

/** How many accounts each role has, and in all: the admin dashboard's cards and admin/totalcount. */
export async function countAccountsByRole(context: Pick<AppContext, "db">): Promise<{ total: number; byRole: Record<RoleId, number> }> {
  const byRole = await countUsersByRole(context.db);
  return { total: ALL_ROLES.reduce((sum, r) => sum + byRole[r], 0), byRole };
}

// ---------------------------------------------------------------- one account

async function manageableAccountRole(db: AppDatabase, actor: Pick<AccountActor, "roleId">, id: number): Promise<Outcome<RoleId>> {
  const roleId = await findUserRole(db, id);
  if (roleId === null) return notFoundOutcome();
  return canManageAccount(actor.roleId, roleId) ? succeed(roleId) : notManageable();
}

/** The account as its edit and delete screens show it; not found, or refused when the actor may not manage it. */
export async function findAccountForEdit(context: Pick<AppContext, "db">, actor: Pick<AccountActor, "roleId">, id: number | null): Promise<Outcome<UserForEdit>> {
  const account = id ? await findUserForEdit(context.db, id) : null;
  if (!account) return notFoundOutcome();
  return canManageAccount(actor.roleId, account.roleId) ? succeed(account) : notManageable();
}

/** May the actor open this account's form at all (before anything typed is read)? Its id and current role when so. */
export async function findManageableAccount(
  context: Pick<AppContext, "db">,
  actor: Pick<AccountActor, "roleId">,
  id: number | null,
): Promise<Outcome<{ id: number; roleId: RoleId }>> {
  if (!id) return notFoundOutcome();
  const current = await manageableAccountRole(context.db, actor, id);
  return current.ok ? succeed({ id, roleId: current.value }) : current;
}

/**
 * The role rule, asked before the form is validated: a role the actor may not give is refused
 * (403) whatever else was sent. A value that is no role at all is left to the form's schema.
 */
export function roleRequestProblem(actor: Pick<AccountActor, "roleId">, requested: unknown, currentRole?: RoleId): Problem | null {
  const newRole = Number(requested);
  if (!isRoleId(newRole)) return null;
  const write: AccountWrite = currentRole === undefined ? { kind: "create", newRole } : { kind: "update", currentRole, newRole };
  return mayWriteAccount(actor.roleId, write) ? null : { status: 403, message: FORBIDDEN_TEXT };
}

export interface FieldProblem {
  path: "roleId" | "email" | "username" | "password" | "sectorIds" | "symbolIds";
  message: string;
}

/**
 * A role the actor may not give, an email or username another account uses, on create a
 * password too easy to guess for this account (zxcvbn, with its name, email and username), and
 * chosen symbols or sectors that do not exist (named by id; docs/decisions/144: refused rather
 * than saved without them).
 * All of them, for a form to show each under its field; createAccount and updateAccount refuse
 * with the first.
 */
export async function userWriteProblems(
  db: AppDatabase,
  actorRole: RoleId,
  value: { roleId: number; email: string; username: string; name?: string; password?: string; sectorIds?: readonly number[]; symbolIds?: readonly number[] },
  exceptId?: number,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (!isRoleId(value.roleId) || !assignableRoles(actorRole).includes(value.roleId)) problems.push({ path: "roleId", message: SELECT_ROLE });
  const unknown = await findUnknownSymbolAndSectorIds(db, value.symbolIds ?? [], value.sectorIds ?? []);
  if (unknown.symbolIds.length > 0) problems.push({ path: "symbolIds", message: unknownIdsMessage("symbol", unknown.symbolIds) });
  if (unknown.sectorIds.length > 0) problems.push({ path: "sectorIds", message: unknownIdsMessage("sector", unknown.sectorIds) });
  if (await isEmailTaken(db, value.email, exceptId)) problems.push({ path: "email", message: EMAIL_TAKEN });
  if (await isUsernameTaken(db, value.username, exceptId)) problems.push({ path: "username", message: USERNAME_TAKEN });
  if (value.password !== undefined) {
    const strength = await checkPasswordStrength(value.password, [value.name ?? "", value.email, value.username]);
    if (!strength.ok) problems.push({ path: "password", message: strength.message });
  }
  return problems;
}

async function firstWriteProblem(...args: Parameters<typeof userWriteProblems>): Promise<Problem | null> {
  const [problem] = await userWriteProblems(...args);
  return problem ? { status: 400, message: problem.message, field: problem.path } : null;
}

/**
 * Creates an account with its subscription; its id. Creating an admin throws
 * ReauthenticationRequired unless the actor signed in recently.
 */
export async function createAccount(context: Pick<AppContext, "db" | "env">, actor: AccountActor, value: CreateUserInput): Promise<Outcome<number>> {
  const refusal = roleRequestProblem(actor, value.roleId) ?? (await firstWriteProblem(context.db, actor.roleId, value));
  if (refusal) return { ok: false, problem: refusal };
  const roleId = value.roleId as RoleId;
  if (needsRecentSignIn({ kind: "create", newRole: roleId })) requireRecentAuthentication(context, actor);
  const subscription = {
    sectorIds: value.sectorIds,
    symbolIds: value.symbolIds,
    dateSubscribed: value.dateSubscribed ?? istDateString(new Date()),
    dateExpired: value.dateExpired ?? null,
  };
  const passwordHash = await hashPassword(value.password);
  // The account and its audit row in one transaction (the model's own is a savepoint inside it).
  const id = await context.db.transaction(async (tx) => {
    const created = await createUserWithSubscription(tx, { name: value.name, username: value.username, email: value.email, passwordHash, roleId, ...subscription });
    await recordAudit(tx, [{ actor, action: "create", entity: "user", entityId: created, after: { name: value.name, username: value.username, email: value.email, roleId, ...subscription } }]);
    return created;
  });
  return succeed(id);
}

/**
 * Rewrites an account and its subscription. Switched off, its sessions end (in the same
 * transaction) and so do its sockets; otherwise its open sockets follow the new subscription
 * and role at once (docs/decisions/115). A role change throws ReauthenticationRequired unless
 * the actor signed in recently.
 */
export async function updateAccount(context: Pick<AppContext, "db" | "env" | "hub">, actor: AccountActor, id: number, value: UpdateUserInput): Promise<Outcome<null>> {
  const current = await manageableAccountRole(context.db, actor, id);
  if (!current.ok) return current;
  const currentRole = current.value;
  const refusal = roleRequestProblem(actor, value.roleId, currentRole) ?? (await firstWriteProblem(context.db, actor.roleId, value, id));
  if (refusal) return { ok: false, problem: refusal };
  const roleId = value.roleId as RoleId;
  if (needsRecentSignIn({ kind: "update", currentRole, newRole: roleId })) requireRecentAuthentication(context, actor);
  const next = {
    name: value.name,
    username: value.username,
    email: value.email,
    roleId,
    status: value.status,
    sectorIds: value.sectorIds,
    symbolIds: value.symbolIds,
    dateSubscribed: value.dateSubscribed ?? istDateString(new Date()),
    dateExpired: value.dateExpired ?? null,
  };
  // The account, its subscription and the audit row in one transaction (the model's own is a savepoint inside it).
  const saved = await context.db.transaction(async (tx) => {
    const before = await findUserForEdit(tx, id);
    // The roles this actor may touch go into the UPDATE's WHERE clause too.
    if (!before || !(await updateUserWithSubscription(tx, id, next, manageableRoles(actor)))) return false;
    // What is stored now (a symbol brings its sector along), beside what was.
    const after = await findUserForEdit(tx, id);
    const audited = (u: UserForEdit) => ({ ...pickKeys(u, Object.keys(next)), sectorIds: [...u.sectorIds].sort((a, b) => a - b), symbolIds: [...u.symbolIds].sort((a, b) => a - b) });
    await recordAudit(tx, [{ actor, action: "update", entity: "user", entityId: id, before: audited(before), after: after ? audited(after) : null }]);
    return true;
  });
  if (!saved) return notFoundOutcome();
  if (!value.status) context.hub.disconnectUser(id);
  else await context.hub.refreshSymbolAccess(id, roleId);
  return succeed(null);
}

/** The list's Active/Inactive switch. Off ends the account's sessions and sockets at once; the answer is the toast's message. */
export async function setUserActive(context: Pick<AppContext, "db" | "hub">, actor: AccountActor, id: number, active: boolean): Promise<Outcome<string>> {
  const current = await manageableAccountRole(context.db, actor, id);
  if (!current.ok) return current;
  if (!mayWriteAccount(actor.roleId, { kind: "status", currentRole: current.value })) return notAllowed();
  const refusal = ownAccountRefusal({ kind: "status", active }, actor.id, id);
  if (refusal) return notAllowed(refusal);
  await context.db.transaction(async (tx) => {
    const [target] = await lockBulkTargets(tx, [id]);
    await setUserStatus(tx, id, active);
    if (target) await recordAudit(tx, [{ actor, action: "switch", entity: "user", entityId: id, before: { username: target.username, status: target.status }, after: { status: active } }]);
  });
  if (!active) context.hub.disconnectUser(id);
  return succeed(userStatusMessage(active));
}

/** Deletes an account with its trades, alerts, watchlists and sessions, and ends its sockets. */
export async function deleteAccount(
  context: Pick<AppContext, "db" | "hub">,
  actor: AccountActor,
  id: number | null,
): Promise<Outcome<{ message: string; roleId: RoleId }>> {
  const target = await findAccountForEdit(context, actor, id);
  if (!target.ok) return target;
  const { roleId, username } = target.value;
  if (!mayWriteAccount(actor.roleId, { kind: "delete", currentRole: roleId })) return notAllowed();
  const refusal = ownAccountRefusal({ kind: "delete" }, actor.id, target.value.id);
  if (refusal) return notAllowed(refusal);
  const deleted = await context.db.transaction(async (tx) => {
    if (!(await deleteUserAccount(tx, target.value.id, manageableRoles(actor)))) return false;
    await recordAudit(tx, [{ actor, action: "delete", entity: "user", entityId: target.value.id, before: { username, roleId, email: target.value.email }, after: null }]);
    return true;
  });
  if (!deleted) return notFoundOutcome();
  context.hub.disconnectUser(target.value.id);
  return succeed({ message: accountDeletedMessage(username), roleId });
}
