// Where mailed links point (docs/decisions/116): PUBLIC_URL, else the server's own address.
import { describe, expect, it } from "vitest";
import { mailedLinkBase } from "~/mail/links.server";

const env = (over: Partial<{ PUBLIC_URL: string; HOST: string; PORT: number }> = {}) => ({ PUBLIC_URL: undefined, HOST: "0.0.0.0", PORT: 3000, ...over });

describe("mailedLinkBase", () => {
  it("is PUBLIC_URL without its trailing slashes, path kept, whatever the listen address", () => {
    expect(mailedLinkBase(env({ PUBLIC_URL: "https://signals.example.in/" }), 41234)).toBe("https://signals.example.in");
    expect(mailedLinkBase(env({ PUBLIC_URL: "https://example.in/nse//" }))).toBe("https://example.in/nse");
  });

  it("without PUBLIC_URL, names a wildcard listen address localhost", () => {
    expect(mailedLinkBase(env())).toBe("http://localhost:3000");
    expect(mailedLinkBase(env({ HOST: "::" }))).toBe("http://localhost:3000");
    expect(mailedLinkBase(env({ HOST: "[::]" }))).toBe("http://localhost:3000");
    expect(mailedLinkBase(env({ HOST: "" }))).toBe("http://localhost:3000");
  });

  it("keeps a named listen address, brackets IPv6, and drops port 80", () => {
    expect(mailedLinkBase(env({ HOST: "127.0.0.1", PORT: 8080 }))).toBe("http://127.0.0.1:8080");
    expect(mailedLinkBase(env({ HOST: "::1", PORT: 8080 }))).toBe("http://[::1]:8080");
    expect(mailedLinkBase(env({ HOST: "dashboard.lan", PORT: 80 }))).toBe("http://dashboard.lan");
  });

  it("uses the port really bound when PORT is 0", () => {
    expect(mailedLinkBase(env({ PORT: 0 }), 45678)).toBe("http://localhost:45678");
  });
});
