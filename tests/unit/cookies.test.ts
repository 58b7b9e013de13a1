// The session cookie carries the __Host- prefix when it is Secure (issue 16, docs/decisions/119):
// the browser then keeps it only from HTTPS, with Path=/ and no Domain, so a sibling subdomain or
// a plain-HTTP page cannot plant or overwrite it. Plain-HTTP installs keep the bare name.
import { describe, expect, it } from "vitest";
import { authCookieName, createAppCookies, handshakeCookieSets } from "~/auth/cookies.server";
import { readSessionId } from "~/auth/session.server";

const SECRET = "unit-test-secret-0123456789";
const secure = createAppCookies(SECRET, true);
const plain = createAppCookies(SECRET, false);

function attributes(setCookie: string): string[] {
  return setCookie.split(";").slice(1).map((a) => a.trim().toLowerCase());
}

describe("auth cookie names", () => {
  it("prefixes a Secure cookie with __Host- and keeps the bare name over plain HTTP", () => {
    expect(authCookieName("session", true)).toBe("__Host-session");
    expect(authCookieName("session", false)).toBe("__session");
    expect(secure.session.name).toBe("__Host-session");
    expect(plain.session.name).toBe("__session");
  });

  it("sets the Secure session cookie as the prefix requires: Secure, Path=/, no Domain", async () => {
    const header = await secure.session.serialize("session-id");
    expect(header.startsWith("__Host-session=")).toBe(true);
    const attrs = attributes(header);
    expect(attrs).toContain("secure");
    expect(attrs).toContain("path=/");
    expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
  });

  it("sets the plain-HTTP session cookie without Secure, under its old name", async () => {
    const header = await plain.session.serialize("session-id");
    expect(header.startsWith("__session=")).toBe(true);
    expect(attributes(header)).not.toContain("secure");
  });

  it("reads the session only under the name of its own set: a bare __session cookie means nothing to an HTTPS request", async () => {
    const planted = (await plain.session.serialize("planted-id")).split(";")[0];
    const real = (await secure.session.serialize("real-id")).split(";")[0];
    expect(await readSessionId({ cookies: secure }, planted)).toBeNull();
    expect(await readSessionId({ cookies: secure }, `${planted}; ${real}`)).toBe("real-id");
    expect(await readSessionId({ cookies: plain }, planted)).toBe("planted-id");
  });
});

describe("the socket handshake's cookie sets", () => {
  it("reads both names when COOKIE_SECURE is unset (HTTPS and HTTP both reach the server), __Host- first", () => {
    expect(handshakeCookieSets(undefined, secure, plain).map((c) => c.session.name)).toEqual(["__Host-session", "__session"]);
  });
  it("reads only the name COOKIE_SECURE allows", () => {
    expect(handshakeCookieSets(true, secure, plain).map((c) => c.session.name)).toEqual(["__Host-session"]);
    expect(handshakeCookieSets(false, secure, plain).map((c) => c.session.name)).toEqual(["__session"]);
  });
});
