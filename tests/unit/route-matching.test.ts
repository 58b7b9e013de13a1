// The route-matching patch of @remix-run/router (patches/, docs/decisions/161): matchRoutes keeps
// ranked branches, compiled paths and recent results per route-tree shape. It must answer exactly
// as the unpatched router: the reference is the same version's untouched UMD build
// (tests/support/router-probe.ts), run on the same trees.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadCountingRouter, pristineRouterFile, serverRouterFile, type RemixRouter } from "../support/router-probe";

const projectRequire = createRequire(path.resolve("package.json"));
const patched = projectRequire(serverRouterFile()) as RemixRouter;
const pristine = loadCountingRouter("pristine").router;

type Manifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: Record<string, unknown> }>;
type RouteTree = Parameters<RemixRouter["matchRoutes"]>[0];
const runtimeRoutes = projectRequire("@remix-run/server-runtime/dist/routes.js") as {
  createRoutes(manifest: Manifest): RouteTree;
  createStaticHandlerDataRoutes(manifest: Manifest, future: Record<string, boolean>): RouteTree;
};

/** The app's route manifest as the build has it (remix.config.js, remix-flat-routes), with the root. */
async function appManifest(): Promise<Manifest> {
  const { defineRoutes } = projectRequire("@remix-run/dev/dist/config/routes.js") as { defineRoutes: unknown };
  const config = (await import("../../remix.config.js")).default as { routes(define: unknown): Promise<Record<string, Omit<Manifest[string], "module">>> };
  const routes = await config.routes(defineRoutes);
  const manifest: Manifest = { root: { id: "root", path: "", module: {} } };
  for (const [id, route] of Object.entries(routes)) manifest[id] = { ...route, module: {} };
  return manifest;
}

/** A URL for every route path of the manifest: params filled in with `param`, splats given two segments. */
function urlsOf(manifest: Manifest, param = "12"): string[] {
  const full = (id: string | undefined): string => {
    if (!id) return "";
    const route = manifest[id];
    return [full(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(manifest).map((id) => "/" + full(id).replace(/:[\w-]+\??/g, param).replace(/\*$/, `${param}/y`));
}

/** What a call answers, or what it throws. */
function outcome(router: RemixRouter, routes: RouteTree, location: Parameters<RemixRouter["matchRoutes"]>[1], basename?: string) {
  try {
    const matches = router.matchRoutes(routes, location, basename);
    // Every match of one answer shares one params object, as in the unpatched router.
    if (matches) expect(matches.every((m) => m.params === matches[0].params)).toBe(true);
    return { matches };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function expectSameAnswers(routes: RouteTree, urls: readonly string[], basenames: readonly (string | undefined)[]) {
  for (const basename of basenames) {
    for (const url of urls) {
      const expected = outcome(pristine, routes, url, basename);
      // Twice: the second call answers from the caches.
      expect(outcome(patched, routes, url, basename), `${url} (basename ${basename})`).toStrictEqual(expected);
      expect(outcome(patched, routes, url, basename), `${url} again (basename ${basename})`).toStrictEqual(expected);
    }
  }
}

/** Paths that are tricky to match: encodings, case, trailing and doubled slashes, search and hash. */
const TRICKY = [
  "",
  "/",
  "//",
  "/dashboard/",
  "/dashboard//",
  "//dashboard",
  "/DASHBOARD",
  "/Dashboard?x=1#top",
  "/dashboard?_data=routes%2F_market%2B%2Fdashboard",
  "/users/12/edit/",
  "/users/%E2%82%AC/edit",
  "/users/a%2Fb/edit",
  "/users/a%20b/edit",
  "/users/%zz/edit",
  "/users//edit",
  "/users/12/edit/extra",
  "/reports/trade/export",
  "/reports/trade/export/",
  "/reports/TRADE",
  "/reset-password",
  "/reset-password/",
  "/reset-password/tok%3Den",
  "/support/42",
  "/support",
  "/api/admin/alert/list",
  "/api/%F0%9F%98%80/x",
  "/udf/history?symbol=X",
  "/no/such/page",
  "/app",
  "/app/",
  "/app/dashboard",
  "/APP/users/12/edit",
  "/application",
];

describe("route matching (patched @remix-run/router)", () => {
  let manifest: Manifest;
  let warn: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    manifest = await appManifest();
    // The router warns about malformed encodings; the answers are what is compared.
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterAll(() => warn.mockRestore());

  it("the server's router is the patched file, and the reference is not", () => {
    expect(fs.readFileSync(serverRouterFile(), "utf8")).toContain("function matchRoutesCached(");
    expect(fs.readFileSync(pristineRouterFile(), "utf8")).not.toContain("matchRoutesCached");
  });

  it("answers as the unpatched router for every app route and tricky paths, with and without a basename", () => {
    const urls = [...urlsOf(manifest), ...TRICKY];
    expect(urls.length).toBeGreaterThan(100);
    const basenames = [undefined, "/", "/app", "/app/", "/APP"];
    // The trees the server matches: the request handler's, the static handler's, and a new one per
    // render (Remix's render builds its own each time; the same shape binds its own route objects).
    expectSameAnswers(runtimeRoutes.createRoutes(manifest), urls, basenames);
    expectSameAnswers(runtimeRoutes.createStaticHandlerDataRoutes(manifest, {}), urls, basenames);
    for (let i = 0; i < 3; i++) expectSameAnswers(runtimeRoutes.createRoutes(manifest), urls, [undefined]);
    // New trees with URLs not met before: the branches are bound to each tree as they are tried.
    for (let i = 0; i < 3; i++) expectSameAnswers(runtimeRoutes.createRoutes(manifest), urlsOf(manifest, `n${i}`), [undefined, "/app"]);
    // Location objects, as the static handler passes them.
    const routes = runtimeRoutes.createRoutes(manifest);
    for (const pathname of ["/users/12/edit", "/trades", undefined]) {
      expect(outcome(patched, routes, { pathname, search: "?a=1" })).toStrictEqual(outcome(pristine, routes, { pathname, search: "?a=1" }));
    }
  });

  it("an answer the caller changes does not change the next one", () => {
    const routes = runtimeRoutes.createRoutes(manifest);
    const first = patched.matchRoutes(routes, "/users/12/edit")!;
    // A loader gets its match's params object and may write to it (typed read-only, not frozen).
    (first[0].params as Record<string, string>).id = "changed";
    (first[1] as { pathname: string }).pathname = "/changed";
    first.pop();
    expect(patched.matchRoutes(routes, "/users/12/edit")).toStrictEqual(pristine.matchRoutes(routes, "/users/12/edit"));
  });

  it("a tree changed in place is matched afresh", () => {
    const routes = runtimeRoutes.createRoutes(manifest);
    const root = routes[0] as { children: RouteTree };
    expect(patched.matchRoutes(routes, "/added/7")?.at(-1)?.route.id).toBe("routes/$");
    // A route added in place (as lazy route discovery patches a tree).
    root.children.push({ id: "added", path: "added/:n", children: [] } as unknown as RouteTree[number]);
    expect(patched.matchRoutes(routes, "/added/7")).toStrictEqual(pristine.matchRoutes(routes, "/added/7"));
    expect(patched.matchRoutes(routes, "/added/7")?.at(-1)?.route.id).toBe("added");
    // A path changed in place, and a route made case-sensitive.
    const users = root.children.find((r) => r.id === "routes/_admin+/users")!;
    users.path = "members";
    expect(patched.matchRoutes(routes, "/members/12/edit")).toStrictEqual(pristine.matchRoutes(routes, "/members/12/edit"));
    expect(patched.matchRoutes(routes, "/users/12/edit")).toStrictEqual(pristine.matchRoutes(routes, "/users/12/edit"));
    users.caseSensitive = true;
    expect(patched.matchRoutes(routes, "/MEMBERS/12/edit")).toStrictEqual(pristine.matchRoutes(routes, "/MEMBERS/12/edit"));
    // A route object replaced by another of the same shape: the answer names the new one.
    const index = root.children.indexOf(users);
    const replacement = { ...users, id: "replacement" };
    root.children[index] = replacement;
    expect(patched.matchRoutes(routes, "/members/12/edit")?.[1].route).toBe(replacement);
    expect(patched.matchRoutes(routes, "/members/99/edit")?.[1].route).toBe(replacement); // a path not met before
    expect(patched.matchRoutes(routes, "/members/99/edit")).toStrictEqual(pristine.matchRoutes(routes, "/members/99/edit"));
  });

  it("trees that differ only in what matching reads do not share answers", () => {
    // Each variant changes one thing of one route; matched one after another on the same URLs.
    const variants: Record<string, unknown>[] = [
      { path: "a" },
      { path: "a", caseSensitive: true },
      { path: "a", caseSensitive: "yes" },
      { path: "A" },
      { path: "a", index: true },
      { path: "a", index: 1, children: [{ id: "c", path: "b" }] },
      { path: "a", index: true, children: [{ id: "c", path: "b" }] },
      { path: "a", children: [] },
      { path: "a", children: [{ id: "c", path: "b" }] },
      { path: "a", children: [{ id: "c", index: true }] },
      { path: "a", children: [, { id: "c", path: "b" }] }, // a hole, which forEach skips
      { path: "" },
      { path: undefined, children: [{ id: "c", path: "a/b" }] },
      { path: "a?/b" },
      { path: "/a", children: [{ id: "c", path: "/b" }] },
    ];
    const urls = ["/a", "/A", "/a/b", "/b", "/", "/a/c"];
    for (let round = 0; round < 2; round++) {
      for (const variant of variants) {
        const routes = [{ id: "r", ...variant }, { id: "splat", path: "*" }] as unknown as RouteTree;
        for (const url of urls) expect(outcome(patched, routes, url), `${JSON.stringify(variant)} ${url}`).toStrictEqual(outcome(pristine, routes, url));
      }
    }
  });

  it("a second call neither flattens the tree nor compiles a path, on the same tree or a new one of its shape", () => {
    const counting = loadCountingRouter("patched");
    const reference = loadCountingRouter("pristine");
    const counted: Record<string, { flattens: number; compiles: number }[]> = { patched: [], pristine: [] };
    for (const [name, { router, counts }] of [["patched", counting], ["pristine", reference]] as const) {
      const step = (routes: RouteTree, url: string) => {
        counts.flattens = counts.compiles = 0;
        router.matchRoutes(routes, url);
        counted[name].push({ flattens: counts.flattens, compiles: counts.compiles });
      };
      const routes = runtimeRoutes.createRoutes(manifest);
      step(routes, "/dashboard"); // the first call: flattens, compiles what it tries
      step(routes, "/dashboard"); // the same tree and path
      step(runtimeRoutes.createRoutes(manifest), "/dashboard"); // a new tree of the same shape (as each render builds)
      step(runtimeRoutes.createStaticHandlerDataRoutes(manifest, {}), "/dashboard"); // the static handler's tree
      step(routes, "/users/12/edit"); // a new path: compiles only paths it had not met yet
      step(runtimeRoutes.createRoutes(manifest), "/users/12/edit");
    }
    const [first, ...later] = counted.patched;
    expect(first.flattens).toBe(1);
    expect(first.compiles).toBeGreaterThan(10);
    expect(later.map((c) => c.flattens)).toEqual([0, 0, 0, 0, 0]);
    expect(later.map((c) => c.compiles)).toEqual([0, 0, 0, expect.any(Number), 0]);
    expect(later[3].compiles).toBeLessThan(first.compiles);
    // The unpatched router flattened the tree and compiled the paths it tried on every call.
    expect(counted.pristine.map((c) => c.flattens)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(counted.pristine.every((c) => c.compiles > 10)).toBe(true);
  });

  it("answers as the unpatched router on random trees (optional segments, splats, index routes, case)", () => {
    const segment = fc.constantFrom("a", "b", "A", "a-b", ":id", ":id-2", ":opt?", "b?", "*", "", "x.y", "€");
    const routePath = fc.option(fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join("/")), { nil: undefined });
    type Node = { path?: string; index?: boolean; caseSensitive?: boolean; children?: Node[] };
    const node: fc.Memo<Node> = fc.memo((depth) =>
      fc.record({
        path: routePath,
        index: fc.option(fc.boolean(), { nil: undefined }),
        caseSensitive: fc.option(fc.boolean(), { nil: undefined }),
        children: depth > 1 ? fc.option(fc.array(node(depth - 1), { maxLength: 3 }), { nil: undefined }) : fc.constant(undefined),
      }),
    );
    const urlSegment = fc.constantFrom("a", "b", "A", "a-b", "12", "x.y", "%E2%82%AC", "a%2Fb", "", "zz");
    const url = fc.array(urlSegment, { maxLength: 4 }).map((s) => "/" + s.join("/"));
    let id = 0;
    const withIds = (nodes: Node[]): RouteTree => nodes.map((n) => ({ ...n, id: String(id++), children: n.children && withIds(n.children) })) as RouteTree;
    fc.assert(
      fc.property(fc.array(node(3), { minLength: 1, maxLength: 4 }), fc.array(url, { minLength: 1, maxLength: 6 }), fc.array(url, { maxLength: 6 }), (nodes, urls, more) => {
        // A tree, then a new tree of the same shape that meets other URLs first; each URL twice.
        for (const [routes, first] of [[withIds(nodes), urls], [withIds(nodes), more]] as const) {
          for (const u of [...first, ...urls]) expect(outcome(patched, routes, u)).toStrictEqual(outcome(pristine, routes, u));
          for (const u of urls) expect(outcome(patched, routes, u)).toStrictEqual(outcome(pristine, routes, u));
        }
      }),
      { numRuns: 300 },
    );
  });
});
