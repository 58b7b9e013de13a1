// A Remix server build made in memory from route modules, for tests that go through Remix's real
// request handler (tests/unit/server-render-memo.test.tsx, entry-server.test.tsx): a root route
// and its children, with the asset manifest a build would write for them.
import type { ServerBuild } from "@remix-run/node";

export type RouteModule = ServerBuild["routes"][string]["module"];

export interface InMemoryRoute {
  path: string;
  parentId?: string;
  module: RouteModule;
}

/** The asset manifest of these routes (each route's loader and error boundary read from its module). */
export function assetsOf(routes: Record<string, InMemoryRoute>): ServerBuild["assets"] {
  return {
    entry: { module: "/build/entry.js", imports: [] },
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, { path, parentId, module }]) => [
        id,
        { id, path, parentId, module: `/build/${id}.js`, imports: [], hasLoader: "loader" in module, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: "ErrorBoundary" in module },
      ]),
    ),
    url: "/build/manifest.js",
    version: "test",
  } as unknown as ServerBuild["assets"];
}

/** A build of these routes with this server entry; `assets` defaults to the routes' own manifest. */
export function inMemoryBuild(entry: ServerBuild["entry"], routes: Record<string, InMemoryRoute>, assets: ServerBuild["assets"] = assetsOf(routes)): ServerBuild {
  return {
    mode: "production",
    entry,
    routes: Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, ...route }])),
    assets,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: false, v3_routeConfig: false, unstable_optimizeDeps: false },
    isSpaMode: false,
  } as unknown as ServerBuild;
}
