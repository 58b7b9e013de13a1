// Who may create, edit, promote, switch or delete which account (docs/product-rules.md R-AC6 and the
// issue: a role-2 user never touches a role-1 or role-2 account). Pure: the /users actions
// call it on the server; the form reads assignableRoles for its options.
import type { RoleId } from "./access";

/** Roles a user may give to an account it creates or edits. */
export function assignableRoles(actorRole: RoleId): RoleId[] {
  return actorRole === 1 ? [1, 2, 3, 4] : [3, 4];
}

/** Roles offered by the user-list role filter. */
export function filterableRoles(actorRole: RoleId): RoleId[] {
  return actorRole === 1 ? [2, 3, 4] : [3, 4];
}

/** The filter's role when the URL names none or one the actor may not list: Customer (4). */
export function listRoleFor(actorRole: RoleId, requested: number | null): RoleId {
  const allowed = filterableRoles(actorRole);
  return requested !== null && (allowed as number[]).includes(requested) ? (requested as RoleId) : 4;
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
