// The environment is checked once at start-up, with messages that say what to fix.
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";

describe("WEB_CONCURRENCY", () => {
  it("is one process unless asked", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
  });
  it("runs several workers on PostgreSQL with Redis", () => {
    const env = parseEnv({ WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" });
    expect(env.WEB_CONCURRENCY).toBe(2);
  });
  it("refuses several workers without Redis or on the embedded database, saying why", () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" })).toThrow(/need REDIS_URL/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/postgres:\/\/ DATABASE_URL/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/1 or more/);
  });
});
