// The API's readable reference (/api/docs): every call with its method, path, roles, body and
// response, and the socket events, rendered on the server from the same table as OpenAPI.
import * as z from "zod";
import { binarySchema, requestBodySchema, roleNames, rolesOf, socketEventReference } from "./openapi.server";
import type { ApiCall } from "./types.server";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function pretty(value: unknown): string {
  return `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;
}

function responseSchema(call: ApiCall) {
  if (call.download) return { "Content-Disposition": 'attachment; filename="..."', oneOf: call.download.map(binarySchema) };
  if (call.contentType === "text/html") return { type: "string", contentMediaType: "text/html" };
  const schema = z.toJSONSchema(call.response, { io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export function renderApiReference(calls: readonly ApiCall[]): string {
  const tags = [...new Set(calls.map((c) => c.tag))];
  const sections = tags.map((tag) => {
    const rows = calls
      .filter((c) => c.tag === tag)
      .map((call) => {
        const body = requestBodySchema(call);
        const moved = call.documentedMethod ? `<p>The documents' <code>${call.documentedMethod}</code> answers 405: this call changes data (docs/product-rules.md R-D24).</p>` : "";
        return `<article id="${escapeHtml(call.id)}">
<h3><code>${call.method} ${escapeHtml(call.path)}</code></h3>
<p>${escapeHtml(call.summary)}</p>${moved}
<dl>
<dt>Roles</dt><dd>${call.public ? "Anyone (no token)" : escapeHtml(roleNames(rolesOf(call)))} <small>(access table: ${escapeHtml(call.page)})</small></dd>
<dt>Success</dt><dd>${call.status}</dd>
</dl>
${body ? `<h4>Body${call.upload ? " (multipart/form-data)" : ""}</h4>${pretty(body)}` : ""}
<h4>Response</h4>${pretty(responseSchema(call))}
</article>`;
      })
      .join("\n");
    return `<section aria-labelledby="tag-${escapeHtml(tag)}"><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${rows}</section>`;
  });
  const events = socketEventReference()
    .map((e) => `<tr><td><code>${escapeHtml(e.name)}</code></td><td>${e.direction}</td><td>${escapeHtml(roleNames(e.roles))}</td><td><code>${escapeHtml(e.payload)}</code></td><td>${escapeHtml(e.note)}</td></tr>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API reference — NSE Signals</title></head>
<body>
<main>
<h1>NSE Signals API reference</h1>
<p>Sign in with <code>POST /api/admin/login</code> {email, password}; send the token as <code>Authorization: Bearer &lt;token&gt;</code>.
Success is 200 or 201. Errors: 400 with <code>errors[0].msg</code> (the form's message), 401 <code>{"error":"Invalid token"}</code> (or, for a token unused longer than the idle time, <code>{"error":"You were signed out after 30 minutes without activity"}</code>),
403 for a role that may not, 404 for what does not exist or is not the caller's, 405 with the method to use.
Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Groups"><ul>${tags.map((t) => `<li><a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a></li>`).join("")}<li><a href="#socket-events">Socket events</a></li></ul></nav>
${sections.join("\n")}
<section aria-labelledby="socket-events"><h2 id="socket-events">Socket events</h2>
<p>socket.io on the same host; the handshake is authenticated by the session cookie, a Bearer header or <code>auth.token</code>.
Events a client sends are checked against the access table's SOCKET_EVENT_RULES.</p>
<table><caption>Socket events</caption><thead><tr><th scope="col">Event</th><th scope="col">Direction</th><th scope="col">Roles</th><th scope="col">Payload</th><th scope="col">Note</th></tr></thead>
<tbody>
${events}
</tbody></table></section>
</main>
</body>
</html>`;
}
