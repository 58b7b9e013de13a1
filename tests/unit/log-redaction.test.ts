// One redaction for every log line: secrets go, what failed stays.
import { describe, expect, it } from "vitest";
import { formatLogLine, redact, REDACTED } from "~/config/log.server";

const SESSION_ID = "q3Xv9T0bZk2mYd7LwR4sNp8HcJ1uEa6GfK5oVi3BtQy"; // 43 base64url, like randomToken(32)

describe("redact", () => {
  it("blanks drizzle's query parameters and keeps the failed SQL", () => {
    const line = redact(`Failed query: select "id" from "auth_sessions" where "auth_sessions"."id" = $1\nparams: ${SESSION_ID},2026-01-01`);
    expect(line).not.toContain(SESSION_ID);
    expect(line).toContain(`Failed query: select "id" from "auth_sessions"`);
    expect(line).toContain(`params: ${REDACTED}`);
  });

  it("blanks Bearer tokens, cookies, Authorization headers and key/value secrets", () => {
    const cases = [
      `Authorization: Bearer ${SESSION_ID}`,
      `{ authorization: 'Bearer abc.def' }`,
      `cookie: __session=eyJzZXNzaW9uSWQiOiJ4In0%3D.sig; theme=dark`,
      `set-cookie: __session=abc; Path=/`,
      `email=a@b.c&password=hunter2-secret`,
      `{"password":"hunter2-secret","email":"a@b.c"}`,
      `{ otp: '123456' }`,
      `token=abc123short`,
      `api_secret: "s3cr3t-value"`,
    ];
    for (const text of cases) {
      const out = redact(text);
      expect(out, text).toContain(REDACTED);
      for (const secret of [SESSION_ID, "abc.def", "eyJzZXNzaW9uSWQiOiJ4In0", "hunter2-secret", "123456", "abc123short", "s3cr3t-value"]) {
        expect(out, text).not.toContain(secret);
      }
    }
    expect(redact("email=a@b.c&password=x")).toContain("email=a@b.c");
  });

  it("blanks token-shaped strings anywhere, and leaves ordinary words, paths, codes and numbers", () => {
    expect(redact(`unknown session ${SESSION_ID} for user 4`)).toBe(`unknown session ${REDACTED} for user 4`);
    const ordinary = 'error: column "last_seen_at" does not exist (code 42703) at /work/app/node_modules/pg/lib/client.js:422 ECONNRESET auth_sessions_user_id_users_id_fk NIFTY-I 24,000.50';
    expect(redact(ordinary)).toBe(ordinary);
  });
});

describe("formatLogLine", () => {
  it("logs an error's name, SQL and cause but neither its params nor secret-named fields", () => {
    const cause = Object.assign(new Error('column "last_seen_at" does not exist'), { code: "42703" });
    const error = Object.assign(new Error(`Failed query: select * from "auth_sessions" where "id" = $1\nparams: ${SESSION_ID}`, { cause }), {
      query: 'select * from "auth_sessions" where "id" = $1',
      params: [SESSION_ID],
    });
    const line = formatLogLine(["[request] GET /dashboard failed:", error, { headers: { cookie: `__session=${SESSION_ID}` }, password: "pw-123456" }]);
    expect(line).not.toContain(SESSION_ID);
    expect(line).not.toContain("pw-123456");
    expect(line).toContain("[request] GET /dashboard failed:");
    expect(line).toContain("Failed query: select * from \"auth_sessions\"");
    expect(line).toContain('column "last_seen_at" does not exist');
    expect(line).toContain("42703");
  });
});
