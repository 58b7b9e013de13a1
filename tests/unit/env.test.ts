// The environment is checked once at start-up, with messages that say what to fix.
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";

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

describe("SESSION_IDLE_MINUTES_STAFF and SESSION_IDLE_MINUTES_CUSTOMER", () => {
  it("default to 30 minutes for staff and 24 hours for customers", () => {
    const env = parseEnv({});
    expect(env.SESSION_IDLE_MINUTES_STAFF).toBe(30);
    expect(env.SESSION_IDLE_MINUTES_CUSTOMER).toBe(1440);
  });
  it("take minutes in decimal notation", () => {
    const env = parseEnv({ SESSION_IDLE_MINUTES_STAFF: "15", SESSION_IDLE_MINUTES_CUSTOMER: "0.5" });
    expect(env.SESSION_IDLE_MINUTES_STAFF).toBe(15);
    expect(env.SESSION_IDLE_MINUTES_CUSTOMER).toBe(0.5);
  });
  it("refuse zero, hex, words and more than the session lifetime, saying why", () => {
    expect(() => parseEnv({ SESSION_IDLE_MINUTES_STAFF: "0" })).toThrow(/SESSION_IDLE_MINUTES_STAFF: must be more than 0/);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES_STAFF: "0x10" })).toThrow(/must be a number of minutes/);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES_CUSTOMER: "a day" })).toThrow(/SESSION_IDLE_MINUTES_CUSTOMER: must be a number of minutes/);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES_CUSTOMER: "20000" })).toThrow(/at most 10080/);
  });
});
