// The built server as a process: security headers, the origin check, /healthz, and a
// graceful SIGTERM (sockets drained, database closed, exit code 0).
import { expect, test } from "@playwright/test";
import { spawnBuiltServer, waitUntilHealthy, type OwnServer } from "./own-server";

// Beside the suite's own server port, so parallel runs on one machine do not collide.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 89;
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer;
const output = () => server.output();

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A start on a busy 2-core machine can take a while; the tests below are what is timed.
  test.setTimeout(90_000);
  server = spawnBuiltServer({ PORT: String(PORT), HOST: "127.0.0.1", SEED_DEMO: "0", SESSION_SECRET: "server-spec-secret-0123456789" });
  await waitUntilHealthy(server, BASE, 80_000);
});

test.afterAll(() => {
  if (server.process.exitCode === null) server.process.kill("SIGKILL");
});

test("answers /healthz with the database status", async () => {
  const res = await fetch(`${BASE}/healthz`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: "ok", database: "pglite" });
});

test("sends security headers with a CSP nonce that matches the page's scripts", async () => {
  const res = await fetch(`${BASE}/login`);
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("script-src 'self' 'nonce-");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-powered-by")).toBeNull();
  const html = await res.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const attrs of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
});

test("sets cookies httpOnly and SameSite=Lax, and Secure when the request came over HTTPS", async () => {
  const body = new URLSearchParams({ email: "nobody@example.test", password: "whatever1" });
  // No demo data here: create nothing, just check the refusal path sets no session.
  const refused = await fetch(`${BASE}/login`, { method: "POST", body, headers: { Origin: BASE }, redirect: "manual" });
  expect(refused.status).toBe(401);
  expect(refused.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  const post = (headers: Record<string, string>) =>
    fetch(`${BASE}/preferences`, {
      method: "POST",
      body: new URLSearchParams({ intent: "theme", theme: "dark", redirectTo: "/login" }),
      headers: { Origin: BASE, ...headers },
      redirect: "manual",
    });
  // Behind a TLS-terminating proxy on the loopback (trusted), X-Forwarded-Proto says HTTPS.
  const overHttps = (await post({ "X-Forwarded-Proto": "https" })).headers.getSetCookie().find((c) => c.startsWith("prefs="))!;
  expect(overHttps).toMatch(/HttpOnly/);
  expect(overHttps).toMatch(/SameSite=Lax/);
  expect(overHttps).toMatch(/Secure/);
  // Over plain HTTP a Secure cookie would never reach the ws:// socket handshake.
  const overHttp = (await post({})).headers.getSetCookie().find((c) => c.startsWith("prefs="))!;
  expect(overHttp).toMatch(/HttpOnly/);
  expect(overHttp).not.toMatch(/Secure/);
});

test("refuses a cross-origin form post", async () => {
  const body = new URLSearchParams({ email: "admin@example.com", password: "demo12345" });
  const res = await fetch(`${BASE}/login`, { method: "POST", body, headers: { Origin: "http://evil.example" }, redirect: "manual" });
  expect(res.status).toBe(403);
  const nullOrigin = await fetch(`${BASE}/login`, { method: "POST", body, headers: { Origin: "null" }, redirect: "manual" });
  expect(nullOrigin.status).toBe(403);
});

test("never writes a secret to its log: the session secret, a typed password, a session id", async () => {
  const email = "nobody@example.test";
  const password = "hunter2-typed-secret";
  await fetch(`${BASE}/login`, { method: "POST", body: new URLSearchParams({ email, password }), headers: { Origin: BASE }, redirect: "manual" });
  const theme = await fetch(`${BASE}/preferences`, {
    method: "POST",
    body: new URLSearchParams({ intent: "theme", theme: "dark", redirectTo: "/login" }),
    headers: { Origin: BASE },
    redirect: "manual",
  });
  const cookieValues = theme.headers.getSetCookie().map((c) => c.split(";")[0].split("=").slice(1).join("="));
  // What is tested is that nothing is written: the log is given 200 ms to take the lines of the
  // requests above before it is read.
  await new Promise((r) => setTimeout(r, 200));
  expect(output().length).toBeGreaterThan(0);
  expect(output()).not.toContain("server-spec-secret-0123456789");
  expect(output()).not.toContain(password);
  for (const value of cookieValues.filter((v) => v.length > 8)) expect(output()).not.toContain(value);
});

test("drains and exits 0 on SIGTERM", async () => {
  const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
  server.process.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(output()).toContain("[server] closed");
});
