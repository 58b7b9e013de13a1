// Which body gets which ceiling (docs/decisions/117), and that the list of upload doors agrees
// with the API's own table and the route files, so a new upload cannot be capped at 1 MB by
// mistake, nor a new JSON call escape the cap.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_CALLS } from "~/api/table.server";
import { parseEnv } from "~/config/env.server";
import { MAX_POSTED_BHAV_ROWS } from "~/schemas/upload";
import {
  bodyLimitFor,
  bodyTooLargeMessage,
  DEFAULT_BODY_LIMIT_BYTES,
  OWN_BODY_LIMITS,
  STREAMED_UPLOAD_PATHS,
} from "~/server/body-limit.server";
import { routeFiles } from "../support/route-files";

const MB = 1024 * 1024;
const MULTIPART = "multipart/form-data; boundary=x";

describe("bodyLimitFor", () => {
  it("caps every form, JSON and text body at the default", () => {
    for (const type of ["application/x-www-form-urlencoded", "application/json", "text/plain", undefined, MULTIPART]) {
      expect(bodyLimitFor("/login", type, MB)).toBe(MB);
      expect(bodyLimitFor("/api/admin/login", type, MB)).toBe(MB);
    }
  });

  it("leaves a multipart upload to the upload reader, whatever the case or a trailing slash", () => {
    expect(bodyLimitFor("/upload", MULTIPART, MB)).toBeNull();
    expect(bodyLimitFor("/Upload/", MULTIPART, MB)).toBeNull();
    expect(bodyLimitFor("/api/admin/referencePoint/add", MULTIPART, MB)).toBeNull();
  });

  it("caps anything but multipart to an upload path: only multipart is read in a stream", () => {
    expect(bodyLimitFor("/upload", "application/x-www-form-urlencoded", MB)).toBe(MB);
    expect(bodyLimitFor("/api/admin/referencePoint/add", "application/json", MB)).toBe(MB);
  });

  it("gives the posted bhav rows their own ceiling, in any content type", () => {
    expect(bodyLimitFor("/api/admin/chavi/bhavcopy", "application/json", MB)).toBe(10 * MB);
    expect(bodyLimitFor("/api/admin/chavi/bhavcopy", MULTIPART, MB)).toBe(10 * MB);
  });

  it("says the limit in plain words", () => {
    expect(bodyTooLargeMessage(MB)).toBe("This request is too large: the limit is 1 MB.");
    expect(bodyTooLargeMessage(1536 * 1024)).toBe("This request is too large: the limit is 1.5 MB.");
    expect(bodyTooLargeMessage(64 * 1024)).toBe("This request is too large: the limit is 64 KB.");
  });
});

describe("the upload doors agree with the app", () => {
  it("every multipart call of the API table is streamed, and nothing else on /api is", () => {
    const uploads = API_CALLS.filter((c) => c.upload).map((c) => c.path.toLowerCase());
    expect(uploads.length).toBeGreaterThan(0);
    expect(STREAMED_UPLOAD_PATHS.filter((p) => p.startsWith("/api/")).sort()).toEqual(uploads.sort());
  });

  it("every route file that reads an upload is streamed", () => {
    const readers = [...routeFiles()]
      .filter(([, file]) => fs.readFileSync(file, "utf8").includes("readUpload("))
      .map(([name]) => "/" + name.replace(/\./g, "/").toLowerCase());
    expect(readers.length).toBeGreaterThan(0);
    for (const route of readers) expect(STREAMED_UPLOAD_PATHS).toContain(route);
  });

  it("the bhav rows' ceiling holds the most rows the call takes, in the widest bhav copy format", () => {
    // A UDiFF row: 34 columns, names and values as an exchange file writes them.
    const row = Object.fromEntries(Array.from({ length: 34 }, (_, i) => [`FinInstrmNmColumn${i}`, "NIFTY25JAN24500CE"]));
    const body = JSON.stringify(Array.from({ length: MAX_POSTED_BHAV_ROWS }, () => row));
    const limit = OWN_BODY_LIMITS["/api/admin/chavi/bhavcopy"];
    expect(body.length).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    expect(body.length).toBeLessThan(limit);
    expect(API_CALLS.some((c) => c.path.toLowerCase() === "/api/admin/chavi/bhavcopy")).toBe(true);
  });
});

describe("BODY_LIMIT_BYTES", () => {
  it("defaults to 1 MiB and takes whole bytes in decimal notation only", () => {
    expect(parseEnv({}).BODY_LIMIT_BYTES).toBe(MB);
    expect(parseEnv({ BODY_LIMIT_BYTES: "262144" }).BODY_LIMIT_BYTES).toBe(262144);
    for (const bad of ["0x100000", "1e6", "-1", "100", "1.5", "999999999999"]) {
      expect(() => parseEnv({ BODY_LIMIT_BYTES: bad }), bad).toThrow(/BODY_LIMIT_BYTES/);
    }
  });
});
