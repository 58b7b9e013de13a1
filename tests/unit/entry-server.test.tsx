// The app's server entry (app/entry.server.tsx) through Remix's real request handler, on a small
// app built in memory: the document with its doctype and exact Content-Length, the nonce on
// Remix's scripts, a loader's status kept, and a page whose render throws answered by the
// route's error boundary with status 500, not a broken document.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRequestHandler, json, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { Outlet, Scripts, useLoaderData, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import * as entryModule from "~/entry.server";
import { useNonce } from "~/components/nonce";
import { inMemoryBuild, type RouteModule } from "../support/remix-build";


function Root() {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head />
      <body>
        <Outlet />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

const pages: Record<string, RouteModule> = {
  fine: {
    default: function Fine() {
      return <p data-page>{`आज ${useLoaderData<{ price: string }>().price}`}</p>;
    },
    loader: () => json({ price: "1,00,000.00" }),
  },
  missing: {
    default: () => <p>never</p>,
    loader: () => {
      throw json({ message: "No such trade" }, { status: 404 });
    },
    ErrorBoundary: function Missing() {
      const error = useRouteError();
      return <p data-error>{isRouteErrorResponse(error) ? `${error.status} ${(error.data as { message: string }).message}` : "?"}</p>;
    },
  },
  broken: {
    default: function Broken(): never {
      throw new Error("render failed");
    },
    ErrorBoundary: () => <p data-error>Something went wrong</p>,
  },
};

const app = inMemoryBuild({ module: entryModule } as unknown as ServerBuild["entry"], {
  root: { path: "", module: { default: Root } },
  ...Object.fromEntries(Object.entries(pages).map(([id, module]) => [id, { parentId: "root", path: id, module }])),
});

const handle = createRequestHandler(app, "production");
const get = (path: string) => handle(new Request(`http://localhost${path}`), { cspNonce: "n0nce" } as AppLoadContext);

afterEach(() => vi.restoreAllMocks());

describe("the server entry", () => {
  it("answers the whole document in one piece: doctype, Content-Length in bytes, the nonce on Remix's scripts", async () => {
    const response = await get("/fine");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    const html = new TextDecoder().decode(bytes);
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain("<p data-page=\"true\">आज 1,00,000.00</p>");
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain('nonce="n0nce"');
  });

  it("keeps a loader's status: a thrown 404 renders the route's boundary with 404", async () => {
    const response = await get("/missing");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<p data-error=\"true\">404 No such trade</p>");
  });

  it("answers a render that throws with the route's error boundary and status 500, and logs it once", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get("/broken");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<p data-error=\"true\">Something went wrong</p>");
    expect(logged.mock.calls.some((call) => String(call[0]).includes("render failed"))).toBe(true);
  });
});
