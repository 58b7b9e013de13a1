// The patches of @remix-run/react (RemixServer keeps its server routes per route manifest) and
// react-router-dom (createStaticRouter keeps the data routes of a routes array): docs/decisions/165.
// A small app built in memory is rendered through Remix's real request handler: each page shows
// its own route's output, the routes are built once for the build however many pages render,
// and a build whose route modules differ gets routes of its own.
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { createRequestHandler, json, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Outlet, RemixServer, useLoaderData } from "@remix-run/react";
import { inMemoryBuild, type RouteModule } from "../support/remix-build";

const require = createRequire(import.meta.url);
// The very module objects the patched files call through (Node's CommonJS cache).
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };
const router = require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: (...args: unknown[]) => unknown };


function page(text: string): RouteModule {
  return {
    default: function Page() {
      const data = useLoaderData<{ at: string }>();
      return <p data-page>{`${text} ${data.at}`}</p>;
    },
    loader: () => json({ at: "now" }),
  };
}

const entry = {
  module: {
    default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
      const html = renderToString(<RemixServer context={context} url={request.url} />);
      headers.set("Content-Type", "text/html");
      return new Response(`<!DOCTYPE html>${html}`, { status, headers });
    },
  },
} as unknown as ServerBuild["entry"];

function build(modules: { a: RouteModule; b: RouteModule }, assets?: ServerBuild["assets"]): ServerBuild {
  const root: RouteModule = {
    default: () => (
      <html lang="en">
        <body>
          <Outlet />
        </body>
      </html>
    ),
  };
  const routes = { root: { path: "", module: root }, a: { parentId: "root", path: "a", module: modules.a }, b: { parentId: "root", path: "b", module: modules.b } };
  return inMemoryBuild(entry, routes, assets);
}

async function render(app: ServerBuild, path: string): Promise<string> {
  const response = await createRequestHandler(app, "production")(new Request(`http://localhost${path}`));
  expect(response.status).toBe(200);
  const html = await response.text();
  return /<p data-page="true">([^<]*)<\/p>/.exec(html)?.[1] ?? `no page in ${html.slice(0, 200)}`;
}

afterEach(() => vi.restoreAllMocks());

describe("server rendering keeps its routes per build", () => {
  it("renders each page's own route, building the server routes and data routes once", async () => {
    const serverRoutes = vi.spyOn(remixRoutes, "createServerRoutes");
    const dataRoutes = vi.spyOn(router, "UNSAFE_convertRoutesToDataRoutes");
    const app = build({ a: page("page A"), b: page("page B") });
    expect(await render(app, "/a")).toBe("page A now");
    const afterFirst = { server: serverRoutes.mock.calls.length, data: dataRoutes.mock.calls.length };
    expect(afterFirst.server).toBe(1);
    for (let i = 0; i < 5; i++) {
      expect(await render(app, "/b")).toBe("page B now");
      expect(await render(app, "/a")).toBe("page A now");
    }
    // Ten more pages: neither the server routes nor the static router's data routes were rebuilt.
    expect(serverRoutes.mock.calls.length).toBe(afterFirst.server);
    expect(dataRoutes.mock.calls.length).toBe(afterFirst.data);
  });

  it("builds new routes when a route module differs, even under the same route manifest", async () => {
    const first = build({ a: page("page A"), b: page("page B") });
    expect(await render(first, "/b")).toBe("page B now");
    const serverRoutes = vi.spyOn(remixRoutes, "createServerRoutes");
    // Same assets object (the key the routes are kept under), another module for /b.
    const second = build({ a: first.routes.a.module, b: page("page B, rebuilt") }, first.assets);
    expect(await render(second, "/b")).toBe("page B, rebuilt now");
    expect(await render(second, "/a")).toBe("page A now");
    expect(serverRoutes).toHaveBeenCalledTimes(1);
    // And the first build's pages still render its own modules.
    expect(await render(first, "/b")).toBe("page B now");
  });
});
