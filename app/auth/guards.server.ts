// Guards: the first line of every loader and action. They read the one access table
// (app/domain/access.ts) and throw the documents' answer: a redirect, a 404 or a 403.
import { json, redirect } from "@remix-run/node";
import type { AppContext } from "~/context";
import { decideAccess, NOT_FOUND_TEXT, type RoleId } from "~/domain/access";
import { getSessionUser, type SessionUser } from "./session.server";

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

export function notFound(): never {
  throw json({ message: NOT_FOUND_TEXT }, { status: 404 });
}

export function forbidden(message = "You do not have permission to do this."): never {
  throw json({ message }, { status: 403 });
}

async function answerFor(context: AppContext, request: Request, role: RoleId | null): Promise<never> {
  const decision = decideAccess(role, pathOf(request));
  if (decision.kind === "not-found") notFound();
  if (decision.kind === "redirect") {
    // A signed-out visitor whose cookie still names a dead session gets it cleared.
    const headers = new Headers();
    if (role === null && request.headers.get("Cookie")?.includes("__session=")) {
      headers.append("Set-Cookie", await context.cookies.session.serialize("", { maxAge: 0, expires: new Date(0) }));
    }
    throw redirect(decision.to, { headers });
  }
  throw new Error("answerFor called for an allowed path");
}

/** Signed in and allowed on this path by the access table; returns the user. */
export async function requireRouteAccess(request: Request, context: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  const role = user?.roleId ?? null;
  if (!user || decideAccess(role, pathOf(request)).kind !== "allow") return answerFor(context, request, role);
  return user;
}

/** requireRouteAccess, and the user's role must be one of `roles` (403 otherwise). */
export async function requireRole(
  request: Request,
  context: AppContext,
  roles: readonly RoleId[],
): Promise<SessionUser> {
  const user = await requireRouteAccess(request, context);
  if (!roles.includes(user.roleId)) forbidden();
  return user;
}

/** A public page (sign-in flows): anyone may open it; returns the user when signed in. */
export async function optionalUser(request: Request, context: AppContext): Promise<SessionUser | null> {
  return getSessionUser(context, request);
}

/** JSON API: a valid Bearer token (or session cookie), else 401 {"error":"Invalid token"}. */
export async function requireApiUser(request: Request, context: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (!user) throw json({ error: "Invalid token" }, { status: 401 });
  return user;
}
