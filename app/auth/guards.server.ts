// Guards: the first line of every loader and action. They read the one access table
// (app/domain/access.ts) and throw the documents' answer: a redirect, a 404 or a 403.
import { json, redirect } from "@remix-run/node";
import type { AppContext } from "~/config/context";
import { decideAccess, decideAccessBeforeTwoFactor, FORBIDDEN_TEXT, NOT_FOUND_TEXT, type RoleId } from "~/domain/access";
import type { Problem } from "~/domain/outcome";
import { mustEnrolTwoFactor } from "~/domain/two-factor";
import { ENROLMENT_REQUIRED, ENROLMENT_REQUIRED_API } from "~/schemas/two-factor";
import { idleSignOutMessage } from "~/domain/sessions";
import type { SessionLookup } from "~/models/auth-session.server";
import { toastHeader } from "~/auth/toast.server";
import { getSessionLookup, getSessionUser, type SessionUser } from "./session.server";

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

export function notFound(): never {
  throw json({ message: NOT_FOUND_TEXT }, { status: 404 });
}

export function forbidden(message = FORBIDDEN_TEXT): never {
  throw json({ message }, { status: 403 });
}

/** A service's refusal as the page's thrown answer (its error boundary): the 404 page, or the status with the message. */
export function throwProblem(problem: Problem): never {
  if (problem.status === 404) notFound();
  throw json({ message: problem.message }, { status: problem.status });
}

/** Why the request's session just ended, for the page it is sent to; null when it did not. */
function endedMessage(found: SessionLookup): string | null {
  return found.kind === "idle" ? idleSignOutMessage(found.idleMinutes) : null;
}

async function answerFor(context: AppContext, request: Request, role: RoleId | null, ended: string | null = null): Promise<never> {
  const decision = decideAccess(role, pathOf(request));
  if (decision.kind === "not-found") notFound();
  if (decision.kind === "redirect") {
    // A signed-out visitor whose cookie still names a dead session gets it cleared.
    const headers = new Headers();
    if (role === null && request.headers.get("Cookie")?.includes(`${context.cookies.session.name}=`)) {
      headers.append("Set-Cookie", await context.cookies.session.serialize("", { maxAge: 0, expires: new Date(0) }));
    }
    // The sign-in page says why (a flashed toast: shown with and without JavaScript).
    if (ended) headers.append("Set-Cookie", await toastHeader(context.cookies, request, { type: "info", message: ended }));
    throw redirect(decision.to, { headers });
  }
  throw new Error("answerFor called for an allowed path");
}

/** Signed in and allowed on this path by the access table; returns the user. */
export async function requireRouteAccess(request: Request, context: AppContext): Promise<SessionUser> {
  const found = await getSessionLookup(context, request);
  const user = found.kind === "active" ? found.user : null;
  const role = user?.roleId ?? null;
  if (!user || decideAccess(role, pathOf(request)).kind !== "allow") return answerFor(context, request, role, endedMessage(found));
  if (mustEnrolTwoFactor(user)) {
    // A role that must use two-factor sign-in reaches nothing else until it is set up.
    const decision = decideAccessBeforeTwoFactor(user.roleId, pathOf(request));
    if (decision.kind === "redirect") {
      const toast = await toastHeader(context.cookies, request, { type: "info", message: ENROLMENT_REQUIRED });
      throw redirect(decision.to, { headers: { "Set-Cookie": toast } });
    }
  }
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

/**
 * JSON API: a valid Bearer token (or session cookie), else 401 {"error":"Invalid token"}, or
 * {"error":"You were signed out after 30 minutes without activity"} for a token idle too long.
 */
export async function requireApiUser(request: Request, context: AppContext): Promise<SessionUser> {
  // The API shows no shell: the session alone, without the shell's values (docs/decisions/160).
  const found = await getSessionLookup(context, request, { shell: false });
  if (found.kind !== "active") throw json({ error: endedMessage(found) ?? "Invalid token" }, { status: 401 });
  if (mustEnrolTwoFactor(found.user)) throw json({ error: ENROLMENT_REQUIRED_API }, { status: 403 });
  return found.user;
}
