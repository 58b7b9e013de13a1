// Who may make an API call: the access table's rule for the page the call declares
// (one rule, three doors: page, API, socket), narrowed by the call's own roles.
import { canReach, type RoleId } from "~/domain/access";

export function mayCall(role: RoleId, call: { page: string; roles?: readonly RoleId[] }): boolean {
  return canReach(role, call.page) && (!call.roles || call.roles.includes(role));
}
