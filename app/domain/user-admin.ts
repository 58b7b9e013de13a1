// Who may create, edit, promote, switch or delete which account (docs/product-rules.md R-AC6 and the
// issue: a role-2 user never touches a role-1 or role-2 account). Pure: the /users actions
// call it on the server; the form reads assignableRoles for its options.
import type { RoleId } from "./access";
import { shiftYmd } from "./dates";

/** Roles a user may give to an account it creates or edits. */
export function assignableRoles(actorRole: RoleId): RoleId[] {
  return actorRole === 1 ? [1, 2, 3, 4] : [3, 4];
}

/** Roles offered by the user-list role filter: every role the actor may manage. */
export function filterableRoles(actorRole: RoleId): RoleId[] {
  return actorRole === 1 ? [1, 2, 3, 4] : [3, 4];
}

export const ROLE_NOT_LISTABLE = "You may list Employee and Customer accounts only.";

/**
 * The filter's role: Customer (4) when the URL names none; null when it names a role the actor
 * may not list (the page and the API say so rather than quietly showing customers).
 */
export function listRoleFor(actorRole: RoleId, requested: number | null): RoleId | null {
  if (requested === null) return 4;
  const allowed = filterableRoles(actorRole);
  return (allowed as number[]).includes(requested) ? (requested as RoleId) : null;
}

// ---------------------------------------------------------------- the list's query

export const USER_SORTS = ["username", "name", "email", "role", "expiry", "subscribed", "created"] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** The user list's order when its URL names none (newest first), the page's and the JSON API's. */
export const USER_LIST_DEFAULTS = { sort: "created", dir: "desc" } as const satisfies { sort: UserSort; dir: "asc" | "desc" };

/** How many days ahead "expiring" looks when the URL gives no number. */
export const EXPIRING_DAYS_DEFAULT = 7;
/** The longest look-ahead and the largest extension the list accepts. */
export const MAX_SUBSCRIPTION_DAYS = 3650;

/** Subscriptions ending within `days` days from today (today included), or already ended. */
export type SubscriptionFilter = { kind: "expiring"; days: number } | { kind: "expired" } | null;

export function parseSubscriptionFilter(kind: string | null, days: string | null): SubscriptionFilter {
  if (kind === "expired") return { kind: "expired" };
  if (kind !== "expiring") return null;
  const n = Number(days);
  return { kind: "expiring", days: Number.isInteger(n) && n >= 1 && n <= MAX_SUBSCRIPTION_DAYS ? n : EXPIRING_DAYS_DEFAULT };
}

// ---------------------------------------------------------------- bulk actions

export const BULK_USER_ACTIONS = ["activate", "deactivate", "extend", "assign-keys", "remove-keys", "delete"] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a bulk action carries beside the accounts: the days of an extension, the key names of a key action. */
export interface BulkDetail {
  days: number | null;
  keyNames: readonly string[];
}

const keyList = (names: readonly string[]) => `${plural(names.length, "key", "keys")} (${names.join(", ")})`;

/** The confirmation's question: it names the count. */
export function bulkQuestion(action: BulkUserAction, count: number, detail: BulkDetail): string {
  const users = plural(count, "user", "users");
  switch (action) {
    case "activate":
      return `Activate ${users}?`;
    case "deactivate":
      return `Deactivate ${users}? Their sessions end at once.`;
    case "extend":
      return `Extend the subscriptions of ${users} by ${plural(detail.days ?? 0, "day", "days")}?`;
    case "assign-keys":
      return `Assign ${keyList(detail.keyNames)} to ${users}?`;
    case "remove-keys":
      return `Remove ${keyList(detail.keyNames)} from ${users}?`;
    case "delete":
      return `Delete ${users}? This cannot be undone.`;
  }
}

/** The toast after a bulk action. */
export function bulkDoneMessage(action: BulkUserAction, count: number, detail: BulkDetail): string {
  const users = plural(count, "user", "users");
  switch (action) {
    case "activate":
      return `${users} activated`;
    case "deactivate":
      return `${users} deactivated`;
    case "extend":
      return `Subscriptions of ${users} extended by ${plural(detail.days ?? 0, "day", "days")}`;
    case "assign-keys":
      return `${keyList(detail.keyNames)} assigned to ${users}`;
    case "remove-keys":
      return `${keyList(detail.keyNames)} removed from ${users}`;
    case "delete":
      return `${users} deleted`;
  }
}

/** Bulk actions that take keys (only role 1 assigns keys: docs/product-rules.md, /chavi is role 1's). */
export function isKeyBulkAction(action: BulkUserAction): action is "assign-keys" | "remove-keys" {
  return action === "assign-keys" || action === "remove-keys";
}

/**
 * The new expiry of an extension by `days`: counted from the current expiry, or from today when
 * the subscription has already ended or has no end (an extension never shortens or backdates).
 */
export function extendedExpiry(currentExpiry: string | null, today: string, days: number): string {
  const from = currentExpiry !== null && currentExpiry > today ? currentExpiry : today;
  return shiftYmd(from, days);
}

/** May the actor see, edit, switch or delete an existing account of this role? */
export function canManageAccount(actorRole: RoleId, targetRole: RoleId): boolean {
  if (actorRole === 1) return true;
  if (actorRole === 2) return targetRole === 3 || targetRole === 4;
  return false;
}

export type AccountWrite =
  | { kind: "create"; newRole: RoleId }
  | { kind: "update"; currentRole: RoleId; newRole: RoleId }
  | { kind: "status" | "delete"; currentRole: RoleId };

/**
 * Writes that need a recent sign-in (docs/decisions/121): creating an admin, and changing the
 * role of an existing account.
 */
export function needsRecentSignIn(write: AccountWrite): boolean {
  if (write.kind === "create") return write.newRole === 1;
  if (write.kind === "update") return write.newRole !== write.currentRole;
  return false;
}

/** The one rule every user-writing action asks before it stores anything. */
export function mayWriteAccount(actorRole: RoleId, write: AccountWrite): boolean {
  if (actorRole !== 1 && actorRole !== 2) return false;
  if (write.kind !== "create" && !canManageAccount(actorRole, write.currentRole)) return false;
  if (write.kind === "create" || write.kind === "update") return assignableRoles(actorRole).includes(write.newRole);
  return true;
}

export const CANNOT_DELETE_SELF = "You cannot delete your own account.";
export const CANNOT_DEACTIVATE_SELF = "You cannot deactivate your own account.";

/**
 * Nobody deletes or switches off their own account: it would end the session they are using and
 * could leave no active administrator (support chat answers from the first active one). The
 * refusal's message, or null when the write is allowed.
 */
export function ownAccountRefusal(write: { kind: "delete" } | { kind: "status"; active: boolean }, actorId: number, targetId: number): string | null {
  if (actorId !== targetId) return null;
  if (write.kind === "delete") return CANNOT_DELETE_SELF;
  return write.active ? null : CANNOT_DEACTIVATE_SELF;
}

// ---------------------------------------------------------------- the customer's own view

/** What the customer is told about its subscription's end: from a week before, and after it. */
export type SubscriptionNotice = { kind: "ending"; dateExpired: string; daysLeft: number } | { kind: "ended"; dateExpired: string } | null;

export function subscriptionNotice(dateExpired: string | null, today: string, warnDays: number = EXPIRING_DAYS_DEFAULT): SubscriptionNotice {
  if (dateExpired === null) return null;
  if (dateExpired < today) return { kind: "ended", dateExpired };
  const daysLeft = Math.round((Date.parse(`${dateExpired}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return daysLeft <= warnDays ? { kind: "ending", dateExpired, daysLeft } : null;
}

/** The notice's sentence, with the date as the app writes dates (DD-MM-YYYY). */
export function subscriptionNoticeText(notice: NonNullable<SubscriptionNotice>): string {
  const date = notice.dateExpired.split("-").reverse().join("-");
  if (notice.kind === "ended") return `Your subscription ended on ${date}. Contact support to renew it.`;
  const when = notice.daysLeft === 0 ? "today" : notice.daysLeft === 1 ? "tomorrow" : `in ${notice.daysLeft} days`;
  return `Your subscription ends on ${date} (${when}). Contact support to renew it.`;
}
