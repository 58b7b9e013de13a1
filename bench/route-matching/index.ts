// bench/route-matching: what matching a URL to the app's routes costs with the patched
// @remix-run/router (patches/, docs/decisions/161) against the same version unpatched (its
// untouched UMD build), side by side in one run.
// 1. In this process, matchRoutes over the app's real route tree from the production build
//    (build/index.js, built as server-runtime's createRoutes builds it), for the app's paths:
//    single calls, on one tree again and again (as the request handler's and the static
//    handler's trees) and on a new tree per call (as Remix's render builds one per request);
//    then the calls one request makes (judged). Interleaved rounds.
// 2. In two children, the built app's request handler with a counting copy of each router: how
//    many times matchRoutes runs per request, who calls it, and how often the tree is flattened
//    and paths compiled (judged); then the handler's CPU per request, interleaved.
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";
import { pristineRouterFile, serverRouterFile, type RemixRouter, type RouterCopy } from "../../tests/support/router-probe";
import { spawnTsChild, type BenchChild } from "../lib/child";
import { importAppBuild } from "../lib/trade-app";
import { MATCH_PATHS, REQUEST_CASES, TARGET_REQUEST_RATIO, type ChildReady, type Counted, type Timed } from "./config";

export const description = "matchRoutes over the app's route tree, patched vs unpatched router, and its calls per request";

const ROUNDS = Number(process.env.ROUTES_ROUNDS ?? 7);
const CALLS = Number(process.env.ROUTES_CALLS ?? 40);
const REQUESTS_PER_ROUND = Math.max(1, Math.round(CALLS / 4));
const REQUEST_ROUNDS = Number(process.env.ROUTES_REQUEST_ROUNDS ?? 3);
const REQUESTS = Number(process.env.ROUTES_REQUESTS ?? 10);

type RouteTree = Parameters<RemixRouter["matchRoutes"]>[0];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, digits = 1) => value.toFixed(digits).padStart(8);

/** µs per call of matchRoutes over `paths`, call i on `trees[i]` (trees built before timing). */
function timeCalls(router: RemixRouter, trees: RouteTree[], paths: string[]): number {
  const started = performance.now();
  for (let i = 0; i < paths.length; i++) router.matchRoutes(trees[i], paths[i]);
  return ((performance.now() - started) * 1000) / paths.length;
}

let nextUserId = 1000;
/** The path of one request: "/users/{n}/edit" takes a new id each time. */
const concrete = (pattern: string) => pattern.replace("{n}", String(nextUserId++));

/** The paths Remix's render matches for the partial manifest of `pathname` (fog-of-war.js): "/" and each parent. */
function manifestPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

/**
 * The matchRoutes calls of one request, as the request bench below counts them: the request
 * handler's (server tree) and the static handler's (data tree); for a document, the render's on
 * a tree of its own (useRoutes, then the partial manifest's paths). The render's tree is a new
 * createRoutes tree here: the same routes and shape as the one Remix's render builds.
 */
function requestCalls(kind: "document" | "data", pathname: string, trees: { server: RouteTree; data: RouteTree; render: () => RouteTree }): [RouteTree, string][] {
  const calls: [RouteTree, string][] = [[trees.server, pathname], [trees.data, pathname]];
  if (kind === "document") {
    const render = trees.render();
    calls.push([render, pathname], ...manifestPaths(pathname).map((p): [RouteTree, string] => [render, p]));
  }
  return calls;
}

async function microBench(build: ServerBuild) {
  const projectRequire = createRequire(path.resolve("package.json"));
  const runtime = projectRequire("@remix-run/server-runtime/dist/routes.js") as {
    createRoutes(manifest: ServerBuild["routes"]): RouteTree;
    createStaticHandlerDataRoutes(manifest: ServerBuild["routes"], future: ServerBuild["future"]): RouteTree;
  };
  const routers: Record<RouterCopy, RemixRouter> = {
    patched: projectRequire(serverRouterFile()) as RemixRouter,
    pristine: projectRequire(pristineRouterFile()) as RemixRouter,
  };
  // As createRequestHandler derives them once per build.
  const trees = { server: runtime.createRoutes(build.routes), data: runtime.createStaticHandlerDataRoutes(build.routes, build.future), render: () => runtime.createRoutes(build.routes) };
  console.log(`  ${Object.keys(build.routes).length} routes in the build; ${ROUNDS} rounds of ${CALLS} calls (${REQUESTS_PER_ROUND} requests) per case and router, interleaved`);

  const cases: { label: string; calls: (count: number) => [RouteTree, string][] }[] = [];
  for (const p of MATCH_PATHS) {
    const treeLabel = (kind: string) => `${p} (${kind})`;
    cases.push({ label: treeLabel("one call, same tree"), calls: (n) => Array.from({ length: n }, (): [RouteTree, string] => [trees.server, concrete(p)]) });
    cases.push({ label: treeLabel("one call, new tree"), calls: (n) => Array.from({ length: n }, (): [RouteTree, string] => [trees.render(), concrete(p)]) });
  }
  const requestCases: { label: string; calls: (count: number) => [RouteTree, string][] }[] = [];
  for (const p of MATCH_PATHS) {
    requestCases.push({ label: `document GET ${p}`, calls: (n) => Array.from({ length: n }, () => requestCalls("document", concrete(p), trees)).flat() });
  }
  for (const p of ["/trades", "/users/{n}/edit"]) {
    requestCases.push({ label: `data request ${p}`, calls: (n) => Array.from({ length: n }, () => requestCalls("data", concrete(p), trees)).flat() });
  }

  /** Per case: the median µs per item (a call, or a request's calls) of each router, and the median of the rounds' ratios. */
  const measure = (list: typeof cases, items: number) => {
    const times = new Map(list.map((c) => [c.label, { patched: [] as number[], pristine: [] as number[] }]));
    const once = (router: RemixRouter, c: (typeof list)[number], count: number) => {
      const calls = c.calls(count);
      return (timeCalls(router, calls.map(([t]) => t), calls.map(([, p]) => p)) * calls.length) / count;
    };
    // Warm-up: both routers, every case (the patched one keeps what it learns, as a server does).
    for (const c of list) for (const router of Object.values(routers)) once(router, c, 5);
    for (let round = 0; round < ROUNDS; round++) {
      const order: RouterCopy[] = round % 2 === 0 ? ["pristine", "patched"] : ["patched", "pristine"];
      for (const c of list) for (const copy of order) times.get(c.label)![copy].push(once(routers[copy], c, items));
    }
    return [...times].map(([label, t]) => ({ label, pristine: median(t.pristine), patched: median(t.patched), ratio: median(t.patched.map((v, i) => v / t.pristine[i])) }));
  };

  console.log(`\n  ${pad("matchRoutes, one call", 44)} ${"unpatched µs".padStart(12)} ${"patched µs".padStart(11)} ${"patched/unpatched".padStart(18)}`);
  for (const row of measure(cases, CALLS)) console.log(`  ${pad(row.label, 44)} ${num(row.pristine).padStart(12)} ${num(row.patched).padStart(11)} ${num(row.ratio, 3).padStart(18)}`);

  console.log(`\n  ${pad("matchRoutes, the calls of one request", 44)} ${"unpatched µs".padStart(12)} ${"patched µs".padStart(11)} ${"patched/unpatched".padStart(18)}`);
  for (const row of measure(requestCases, REQUESTS_PER_ROUND)) {
    const verdict = row.ratio <= TARGET_REQUEST_RATIO ? "PASS" : "FAIL";
    console.log(`  ${pad(row.label, 44)} ${num(row.pristine).padStart(12)} ${num(row.patched).padStart(11)} ${num(row.ratio, 3).padStart(18)}  ${verdict} (target <= ${TARGET_REQUEST_RATIO})`);
  }
}

async function requestBench() {
  const children: Record<RouterCopy, BenchChild> = {
    pristine: spawnTsChild("routes-pristine", "bench/route-matching/server.ts", ["pristine"]),
    patched: spawnTsChild("routes-patched", "bench/route-matching/server.ts", ["patched"]),
  };
  try {
    for (const child of Object.values(children)) {
      const ready = await child.next<ChildReady>("ready", 180_000);
      console.log(`\n  ${ready.copy} child ready in ${(ready.startMs / 1000).toFixed(1)} s (services on in-memory PGlite, the build)`);
    }
    const counted: Record<RouterCopy, Counted> = {} as Record<RouterCopy, Counted>;
    for (const [copy, child] of Object.entries(children) as [RouterCopy, BenchChild][]) {
      child.send({ type: "count" });
      counted[copy] = await child.next<Counted>("counted", 120_000);
    }

    console.log(`\n  per request, through Remix's request handler (after a warm-up): matchRoutes calls / tree flattens / paths compiled`);
    console.log(`  ${pad("request", 34)} ${"status".padStart(6)} ${"unpatched".padStart(14)} ${"patched".padStart(14)}`);
    let patchedRedoes = 0;
    for (const [i, before] of counted.pristine.cases.entries()) {
      const after = counted.patched.cases[i];
      const triple = (c: typeof before) => `${c.matchRoutes} / ${c.flattens} / ${c.compiles}`.padStart(14);
      console.log(`  ${pad(before.label, 34)} ${String(after.status).padStart(6)} ${triple(before)} ${triple(after)}`);
      patchedRedoes += after.flattens + after.compiles;
      if (after.status !== before.status) console.log(`    status differs: unpatched ${before.status}, patched ${after.status}`);
    }
    console.log(`  ${patchedRedoes === 0 ? "PASS" : "FAIL"}: with the patch no request flattens the route tree or compiles a path again (target 0, got ${patchedRedoes})`);
    console.log(`\n  who calls matchRoutes (the same with either router):`);
    for (const item of counted.patched.cases) {
      const callers = new Map<string, number>();
      for (const caller of item.callers) callers.set(caller, (callers.get(caller) ?? 0) + 1);
      console.log(`  ${item.label}: ${[...callers].map(([caller, n]) => (n > 1 ? `${n}x ${caller}` : caller)).join("; ")}`);
    }

    // The handler's CPU per request, interleaved between the two children.
    const cpu = new Map<string, Record<RouterCopy, number[]>>(REQUEST_CASES.map((c) => [c.label, { patched: [], pristine: [] }]));
    for (let round = 0; round < REQUEST_ROUNDS; round++) {
      for (const item of REQUEST_CASES) {
        const order: RouterCopy[] = round % 2 === 0 ? ["pristine", "patched"] : ["patched", "pristine"];
        for (const copy of order) {
          children[copy].send({ type: "time", label: item.label, requests: REQUESTS });
          const timed = await children[copy].next<Timed>("timed", 120_000);
          cpu.get(item.label)![copy].push(timed.cpuMicros / timed.requests / 1000);
        }
      }
    }
    console.log(`\n  the handler's CPU per request (${REQUEST_ROUNDS} rounds of ${REQUESTS}; no target: the pages' own work dominates and moves with the machine)`);
    console.log(`  ${pad("request", 34)} ${"unpatched ms".padStart(12)} ${"patched ms".padStart(11)} ${"patched/unpatched".padStart(18)}`);
    for (const [label, t] of cpu) {
      const ratio = median(t.patched.map((v, i) => v / t.pristine[i]));
      console.log(`  ${pad(label, 34)} ${num(median(t.pristine), 2).padStart(12)} ${num(median(t.patched), 2).padStart(11)} ${num(ratio, 3).padStart(18)}`);
    }
  } finally {
    await Promise.all(Object.values(children).map((child) => child.stop()));
  }
}

export async function run(): Promise<void> {
  const build = await importAppBuild();
  const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");
  console.log(`  load average ${load()} on ${os.availableParallelism()} cores`);
  await microBench(build);
  await requestBench();
  console.log(`\n  load average ${load()}`);
}
