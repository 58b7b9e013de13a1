// Where the links in mails point (docs/product-rules.md R-D27, docs/decisions/116): PUBLIC_URL, else the
// address this server was started with. Never the request's Host or X-Forwarded-Host: the
// caller chooses those, and a reset link to the caller's host hands over the account.
import type { Env } from "~/config/env.server";

/**
 * The start of every mailed link, without a trailing slash. `listeningPort` is the port the
 * server really listens on (it differs from PORT when PORT is 0).
 */
export function mailedLinkBase(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">, listeningPort: number = env.PORT): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, "");
  return new URL(`http://${hostForLink(env.HOST)}:${listeningPort}`).origin;
}

/** A wildcard listen address is no place to send anyone: the machine itself answers there. */
function hostForLink(host: string): string {
  const bare = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (bare === "" || bare === "0.0.0.0" || bare === "::" || bare === "::0") return "localhost";
  return bare.includes(":") ? `[${bare}]` : bare;
}
