// The built server over real HTTP (issue 16, items 3, 7 and 11; docs/decisions/117):
// - every body that is not an upload is capped (1 MB by default) and answered 413 before it is
//   buffered: a declared Content-Length over the cap at once (the body is never read), a chunked
//   body as soon as it passes the cap; four concurrent 64 MB posts leave the memory flat;
// - uploads keep their own caps: a 3 MB multipart upload goes in, page and API, and the posted
//   bhav rows (JSON) have room of their own;
// - a NUL in a URL parameter and a JSON body posted to a page form answer 4xx with a message;
// - signed-in pages, ?_data requests and API answers carry Cache-Control: private, no-store.
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCodeAt } from "~/auth/totp.server";
import { DEMO_TOTP_SECRET } from "~/seed/demo-data";
import { signInCookie, startAppServer, type AppProcess } from "../support/private-services";

let app: AppProcess;
// The customer signs in through the page (a cookie); the admin, whose role must use two-factor
// sign-in, through the API with the demo authenticator's code (a Bearer token, which pages take too).
let customerCookie: string;
let adminToken: string;

const MB = 1024 * 1024;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * A request on a connection of its own. `body` is sent with a Content-Length; `chunks` (count,
 * size) are streamed without one (Transfer-Encoding: chunked) until the server answers.
 * `declaredLength` announces a length but sends only `body`. Write errors after the answer (the
 * server closes a refused upload) are expected and ignored.
 */
function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: { count: number; size: number }; declaredLength?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Origin: app.base, ...init.headers };
    if (init.declaredLength !== undefined) headers["Content-Length"] = String(init.declaredLength);
    else if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
    let answered = false;
    const request = http.request(`${app.base}${path}`, { method: init.method ?? "POST", headers, agent: false }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started }));
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (init.chunks) {
      const chunk = Buffer.alloc(init.chunks.size, "a");
      let left = init.chunks.count;
      const pump = () => {
        while (left > 0 && !answered && !request.destroyed) {
          left -= 1;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        if (!request.destroyed) request.end();
      };
      pump();
    } else if (init.declaredLength !== undefined) {
      request.write(init.body ?? "");
      // Never finished: the answer must not wait for the rest.
    } else {
      request.end(init.body);
    }
  });
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const twoMb = (fill: string) => fill.repeat(Math.ceil((2 * MB) / fill.length));
const BODIES: Record<string, { type: string; body: string }> = {
  json: { type: "application/json", body: JSON.stringify({ email: "admin@example.com", password: twoMb("x") }) },
  form: { type: "application/x-www-form-urlencoded", body: `email=admin%40example.com&password=${twoMb("x")}` },
  text: { type: "text/plain", body: twoMb("hello ") },
};

beforeAll(async () => {
  app = await startAppServer({ DATABASE_URL: "memory://", SEED_DEMO: "1", FEED: "off" });
  customerCookie = await signInCookie(app.base, "customer@example.com");
  const login = await fetch(`${app.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "demo12345", otp: await totpCodeAt(DEMO_TOTP_SECRET) }),
  });
  const answer = (await login.json()) as { token?: string; data?: { token?: string } };
  adminToken = answer.token ?? answer.data?.token ?? "";
  expect(adminToken, JSON.stringify(answer)).not.toBe("");
}, 180_000);

afterAll(() => {
  app?.kill();
});

describe("body limits before sign-in", () => {
  for (const path of ["/api/admin/login", "/login"]) {
    for (const [kind, { type, body }] of Object.entries(BODIES)) {
      it(`a 2 MB ${kind} body to ${path} is answered 413 with a message, quickly`, async () => {
        const answer = await send(path, { headers: { "Content-Type": type }, body });
        expect(answer.status, answer.body.slice(0, 200)).toBe(413);
        expect(answer.body).toContain("This request is too large: the limit is 1 MB.");
        expect(answer.ms).toBeLessThan(3_000);
        if (path.startsWith("/api/")) expect(JSON.parse(answer.body)).toMatchObject({ status: 413, errors: [{ msg: expect.stringContaining("too large") }] });
      });
    }
  }

  it("answers a declared 250 MB body at once, without waiting for it", async () => {
    const answer = await send("/api/admin/login", { headers: { "Content-Type": "application/json" }, body: '{"email":', declaredLength: 250 * MB });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(2_000);
  });

  it("cuts off a chunked body without Content-Length once it passes the cap", async () => {
    for (const path of ["/api/admin/login", "/login", "/signup"]) {
      const answer = await send(path, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, chunks: { count: 80, size: 64 * 1024 } });
      expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).toBe(413);
      expect(answer.body).toContain("too large");
    }
  });

  it("a small chunked body still goes through (the count does not lose or hold data)", async () => {
    const answer = await send("/api/admin/login", { headers: { "Content-Type": "application/json" }, chunks: { count: 1, size: 0 } }).catch(() => null);
    // An empty chunked JSON body is read and refused by validation, not by the limit.
    expect(answer?.status).toBe(400);
    const streamed = await new Promise<Answer>((resolve, reject) => {
      const started = Date.now();
      const request = http.request(`${app.base}/api/admin/login`, { method: "POST", agent: false, headers: { "Content-Type": "application/json", Origin: app.base } }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started }));
      });
      request.on("error", reject);
      request.write('{"email":"customer@example.com",');
      setTimeout(() => request.end('"password":"demo12345"}'), 50);
    });
    expect(streamed.status, streamed.body).toBe(200);
    expect(streamed.body).toContain("token");
  });

  it("four concurrent 64 MB chunked posts to the sign-in call leave the memory flat", async () => {
    const before = rssKb(app.pid);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => send("/api/admin/login", { headers: { "Content-Type": "application/json" }, chunks: { count: 1024, size: 64 * 1024 } })),
    );
    expect(answers.map((a) => a.status)).toEqual([413, 413, 413, 413]);
    const grownMb = (rssKb(app.pid) - before) / 1024;
    expect(grownMb).toBeLessThan(64);
  });
});

describe("uploads keep their own caps", () => {
  // A reference-point file of about 3 MB: one good row, then rows naming no listed symbol.
  const csv = (() => {
    const lines = ["symbol_code,point_name,price,display_name,date,slPrice", "NIFTY-I:NSEFO,BODY_LIMIT_POINT,123.5,Body limit test,2026-01-05,120"];
    let size = lines.join("\n").length;
    while (size < 3 * MB) {
      const line = `NOSUCHSYMBOL${lines.length}:NSEFO,P${lines.length},1,padding row,2026-01-05,1`;
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join("\n") + "\n";
  })();

  function multipart(fields: Record<string, string>, file: { field: string; name: string; content: string }) {
    const boundary = "----bodylimit" + Date.now();
    const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`);
    parts.push(`--${boundary}--\r\n`);
    return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(parts.join("")) };
  }

  it("a 3 MB upload on the Upload page goes in", async () => {
    const { type, body } = multipart({ tab: "reference" }, { field: "files", name: "points.csv", content: csv });
    expect(body.byteLength).toBeGreaterThan(3 * MB);
    const answer = await send("/upload?tab=reference&_data=routes%2F_admin%2B%2Fupload", { headers: { "Content-Type": type, Authorization: `Bearer ${adminToken}` }, body });
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(answer.body).toContain("BODY_LIMIT_POINT");
  });

  it("a 3 MB upload through the API (admin/referencePoint/add) goes in", async () => {
    const { type, body } = multipart({}, { field: "pointFile", name: "points.csv", content: csv });
    const answer = await send("/api/admin/referencePoint/add", { headers: { "Content-Type": type, Authorization: `Bearer ${adminToken}` }, body });
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(answer.body).data[0].storedCount).toBe(1);
  });

  it("the posted bhav rows (JSON) have room of their own beyond 1 MB", async () => {
    const row = { SYMBOL: "NOSUCH", SERIES: "EQ", OPEN: 1, HIGH: 1, LOW: 1, CLOSE: 1, LAST: 1, PREVCLOSE: 1, TOTTRDQTY: 1, TOTTRDVAL: 1, TIMESTAMP: "03-FEB-2020", TOTALTRADES: 1, ISIN: "INE000000000", PAD: "p".repeat(150) };
    const body = JSON.stringify(Array.from({ length: 5000 }, () => row));
    expect(body.length).toBeGreaterThan(1.2 * MB);
    const answer = await send("/api/admin/chavi/bhavcopy", { headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` }, body });
    expect(answer.status, answer.body.slice(0, 300)).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
  });

  it("a multipart body to a page that is not an upload is capped like any other", async () => {
    const { type, body } = multipart({ email: "admin@example.com" }, { field: "files", name: "big.csv", content: csv });
    const answer = await send("/login", { headers: { "Content-Type": type }, body });
    expect(answer.status).toBe(413);
  });
});

describe("bad input over HTTP answers 4xx with a message", () => {
  it("a NUL in a URL parameter of a signed-in page", async () => {
    const answer = await send("/dashboard?symbol=%00", { method: "GET", headers: { Cookie: customerCookie } });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("cannot be read");
  });

  it("a JSON body posted to the sign-in page form", async () => {
    const answer = await send("/login", { headers: { "Content-Type": "application/json" }, body: '{"email":"admin@example.com","password":"demo12345"}' });
    expect(answer.status).toBe(415);
    expect(answer.body).toContain("must be sent as a web form");
  });
});

describe("Cache-Control on signed-in answers", () => {
  it("a signed-in page", async () => {
    const answer = await send("/dashboard", { method: "GET", headers: { Cookie: customerCookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("a data request (?_data=…)", async () => {
    const answer = await send("/trades?_data=routes%2F_journal%2B%2Ftrades", { method: "GET", headers: { Cookie: customerCookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("an API answer, and an API refusal", async () => {
    const ok = await send("/api/admin/sector/list", { method: "GET", headers: { Authorization: `Bearer ${adminToken}` } });
    expect(ok.status, ok.body.slice(0, 200)).toBe(200);
    expect(ok.headers["cache-control"]).toBe("private, no-store");
    const refused = await send("/api/admin/sector/list", { method: "GET" });
    expect(refused.status).toBe(401);
    expect(refused.headers["cache-control"]).toBe("private, no-store");
  });

  it("hashed build assets keep their long-lived caching", async () => {
    const page = await send("/login", { method: "GET" });
    const asset = /\/build\/[^"]+\.js/.exec(page.body)?.[0];
    expect(asset).toBeTruthy();
    const answer = await send(asset!, { method: "GET" });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toContain("immutable");
  });
});
