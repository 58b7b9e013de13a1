// The JSON API's sign-in: the documents' access token object {token, data: {id, role_id}}.
// The token is a session id, accepted as `Authorization: Bearer <token>` (DECISIONS 8).
import { json } from "@remix-run/node";
import type { AppContext } from "~/context";
import { loginSchema } from "~/schemas/auth";
import { createAuthSession, deleteAuthSession } from "~/models/auth-session.server";
import { authPostLimitMessage, signIn } from "./login.server";
import { bearerToken } from "./session.server";

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = await request.json().catch(() => null);
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  }
  return Object.fromEntries(await request.formData());
}

export async function apiLogin(context: AppContext, request: Request) {
  if (request.method !== "POST") return json({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const parsed = loginSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    return json({ errors: parsed.error.issues.map((i) => ({ msg: i.message, path: i.path.join(".") })) }, { status: 400 });
  }
  const limited = await authPostLimitMessage(context);
  if (limited) return json({ error: limited, errors: [{ msg: limited }] }, { status: 429 });
  // FormStrategy reads a form body: hand it one built from the validated JSON.
  const form = new FormData();
  form.set("email", parsed.data.email);
  form.set("password", parsed.data.password);
  const result = await signIn(context, new Request(request.url, { method: "POST", body: form }));
  if (!result.ok) return json({ error: result.message, errors: [{ msg: result.message }] }, { status: result.status });
  const session = await createAuthSession(context.db, result.user.id, {
    userAgent: request.headers.get("User-Agent"),
    ip: context.clientIp,
  });
  return json({
    status: 200,
    message: `Welcome back, ${result.user.name}.`,
    token: session.id,
    data: { id: result.user.id, role_id: result.user.roleId, name: result.user.name },
    expiresAt: session.expiresAt.toISOString(),
  });
}

export async function apiLogout(context: AppContext, request: Request) {
  if (request.method !== "POST") return json({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const token = bearerToken(request.headers.get("Authorization"));
  if (token) await deleteAuthSession(context.db, token);
  return json({ status: 200, message: "Logged out" });
}
