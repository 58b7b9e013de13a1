// Saving a user account: the checks after the form's schema and the write itself. The user
// pages (/users/new, /users/:id/edit) and the JSON API (admin/user/create, update) share them.
import { checkPasswordStrength, hashPassword } from "~/auth/password.server";
import type { AppDatabase } from "~/db/client.server";
import { ALL_ROLES, isRoleId, type RoleId } from "~/domain/access";
import { istDateString } from "~/domain/dates";
import { assignableRoles, canManageAccount } from "~/domain/user-admin";
import { createUserWithSubscription, isEmailUsedByOther, isUsernameUsedByOther, updateUserWithSubscription } from "~/models/user-admin.server";
import { EMAIL_TAKEN, SELECT_ROLE, USERNAME_TAKEN, type CreateUserInput, type UpdateUserInput } from "~/schemas/user-admin";
import type { AppContext } from "~/server/context";
import { needsRecentSignIn } from "~/domain/user-admin";
import { requireRecentAuthentication } from "~/auth/reauth.server";
import type { SessionUser } from "~/auth/session.server";

/** Who is writing: the role decides what it may touch, the session's sign-in time whether it is recent enough. */
export type AccountActor = Pick<SessionUser, "roleId" | "authenticatedAt">;

export interface FieldProblem {
  path: "roleId" | "email" | "username" | "password";
  message: string;
}

/**
 * A role the actor may not give, an email or username another account uses, and on create a
 * password too easy to guess for this account (zxcvbn, with its name, email and username).
 */
export async function userWriteProblems(
  db: AppDatabase,
  actorRole: RoleId,
  value: { roleId: number; email: string; username: string; name?: string; password?: string },
  exceptId?: number,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (!isRoleId(value.roleId) || !assignableRoles(actorRole).includes(value.roleId)) problems.push({ path: "roleId", message: SELECT_ROLE });
  if (await isEmailUsedByOther(db, value.email, exceptId)) problems.push({ path: "email", message: EMAIL_TAKEN });
  if (await isUsernameUsedByOther(db, value.username, exceptId)) problems.push({ path: "username", message: USERNAME_TAKEN });
  if (value.password !== undefined) {
    const strength = await checkPasswordStrength(value.password, [value.name ?? "", value.email, value.username]);
    if (!strength.ok) problems.push({ path: "password", message: strength.message });
  }
  return problems;
}

/** Creating an admin throws ReauthenticationRequired unless the actor signed in recently. */
export async function createAccount(context: Pick<AppContext, "db" | "env">, actor: AccountActor, value: CreateUserInput): Promise<number> {
  if (needsRecentSignIn({ kind: "create", newRole: value.roleId as RoleId })) requireRecentAuthentication(context, actor);
  return createUserWithSubscription(context.db, {
    name: value.name,
    username: value.username,
    email: value.email,
    passwordHash: await hashPassword(value.password),
    roleId: value.roleId as RoleId,
    sectorIds: value.sectorIds,
    symbolIds: value.symbolIds,
    dateSubscribed: value.dateSubscribed ?? istDateString(new Date()),
    dateExpired: value.dateExpired ?? null,
  });
}

/**
 * The roles this actor may touch go into the UPDATE's WHERE clause too. False: no such row it
 * may write. A role change throws ReauthenticationRequired unless the actor signed in recently.
 */
export async function updateAccount(
  context: Pick<AppContext, "db" | "env">,
  actor: AccountActor,
  id: number,
  value: UpdateUserInput,
  currentRole: RoleId,
): Promise<boolean> {
  if (needsRecentSignIn({ kind: "update", currentRole, newRole: value.roleId as RoleId })) requireRecentAuthentication(context, actor);
  return updateUserWithSubscription(
    context.db,
    id,
    {
      name: value.name,
      username: value.username,
      email: value.email,
      roleId: value.roleId as RoleId,
      status: value.status,
      sectorIds: value.sectorIds,
      symbolIds: value.symbolIds,
      dateSubscribed: value.dateSubscribed ?? istDateString(new Date()),
      dateExpired: value.dateExpired ?? null,
    },
    ALL_ROLES.filter((r) => canManageAccount(actor.roleId, r)),
  );
}
