// The built server, started as the README starts it (no PUBLIC_URL, HOST left at 0.0.0.0) on a
// port it picks itself (PORT=0): a real HTTP request carrying `Host: attacker.example` and
// X-Forwarded-Host from the loopback (a trusted proxy) still gets mails whose links point at
// the server's own address (docs/decisions/116). No SMTP_URL, so mails are written to the log.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { pollUntil } from "./support";
import { spawnBuiltServer, type OwnServer } from "./own-server";

let server: OwnServer;
const output = () => server.output();
let port = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A start on a busy 2-core machine can take a while; the tests below are what is timed.
  test.setTimeout(90_000);
  server = spawnBuiltServer({ PORT: "0", SEED_DEMO: "0", SESSION_SECRET: "mailed-links-secret-0123456789", HOST: null, PUBLIC_URL: null, SMTP_URL: null, E2E_FEED: null });
  port = await pollUntil(() => Number(/\[server\] listening on http:\/\/localhost:(\d+)/.exec(output())?.[1] ?? 0), {
    timeout: 80_000,
    message: () => `server did not start:\n${output()}`,
  });
});

test.afterAll(() => {
  if (server.process.exitCode === null) server.process.kill("SIGKILL");
});

/** A POST over a real socket to the loopback, with the Host and forwarding headers an attacker chooses. */
function hostilePost(path: string, body: string, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          Host: "attacker.example",
          "X-Forwarded-Host": "evil.example",
          "X-Forwarded-Proto": "https",
          "Content-Type": contentType,
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const postForm = (path: string, fields: Record<string, string>) => hostilePost(path, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");

/** The newest mail to `to` written to the log after `from` characters of output. */
async function mailTo(to: string, from: number): Promise<string> {
  return pollUntil(() => output().slice(from).split("[mail] ").filter((m) => m.startsWith(`to=${to} `)).at(-1), {
    timeout: 5_000,
    message: () => `no mail to ${to} in the log:\n${output().slice(from)}`,
  });
}

/** Every link in the mail starts with the server's own address; one of them is `wanted`. */
function expectOwnLinks(mail: string, wanted: RegExp) {
  const links = [...mail.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0]);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`http://localhost:${port}/`), link).toBe(true);
  expect(links.some((link) => wanted.test(link)), links.join(" ")).toBe(true);
  expect(mail).not.toMatch(/attacker\.example|evil\.example/);
}

test("sign-up, a second sign-up and a reset mail links to the server's own address, not the Host header", async () => {
  const stamp = Date.now();
  const email = `victim.${stamp}@example.test`;
  const fields = { name: "Victim Person", username: `victim_${stamp}`, email, password: "s3cret-pass-x" };

  let mark = output().length;
  expect(await postForm("/signup", fields)).toBe(302);
  expectOwnLinks(await mailTo(email, mark), /\/verifictionOtp\?email=/);

  // The same address again (another username): the same answer, and the owner is told.
  mark = output().length;
  expect(await postForm("/signup", { ...fields, username: `again_${stamp}` })).toBe(302);
  const notice = await mailTo(email, mark);
  expect(notice).toMatch(/tried to sign up/);
  expectOwnLinks(notice, /\/reset-password$/);

  mark = output().length;
  expect(await postForm("/reset-password", { email })).toBe(200);
  expectOwnLinks(await mailTo(email, mark), /\/reset-password\/\S+/);

  // The JSON API's register call, the same way.
  const apiEmail = `api.${stamp}@example.test`;
  mark = output().length;
  const body = JSON.stringify({ ...fields, username: `api_${stamp}`, email: apiEmail });
  expect(await hostilePost("/api/admin/users/register", body, "application/json")).toBe(201);
  expectOwnLinks(await mailTo(apiEmail, mark), /\/verifictionOtp\?email=/);
});
