// Copies of @remix-run/router that count their own work, for the route-matching test and bench
// (docs/decisions/161-route-matching-memo.md). A copy is the installed source with counters
// written in: matchRoutes calls, full flattens of a route tree, and path compilations.
// - "patched": dist/router.cjs.js, the file the server requires, as patches/ leaves it;
// - "pristine": dist/router.umd.js, the same version's untouched build of the same code (the
//   patch leaves that file alone), so it stands for the router as it was.
import fs from "node:fs";
import { createRequire, Module } from "node:module";
import path from "node:path";

export type RemixRouter = typeof import("@remix-run/router");
export type RouterCopy = "patched" | "pristine";

export interface RouteWorkCounts {
  /** matchRoutes and its internal twin, from any caller. */
  matchRoutes: number;
  /** flattenRoutes over a whole tree (what ranking and matching started from on every call). */
  flattens: number;
  /** Paths compiled to a regular expression. */
  compiles: number;
  /** When set, the stack of every matchRoutes call is pushed here. */
  stacks: string[] | null;
}

const projectRequire = createRequire(path.resolve("package.json"));

/** The router file the server uses (what server-runtime requires). */
export function serverRouterFile(): string {
  const runtime = projectRequire.resolve("@remix-run/server-runtime");
  return createRequire(runtime).resolve("@remix-run/router");
}

/** The same version's untouched build, standing for the router as it was. */
export function pristineRouterFile(): string {
  return path.join(path.dirname(serverRouterFile()), "router.umd.js");
}

function sourceFile(copy: RouterCopy): string {
  return copy === "patched" ? serverRouterFile() : pristineRouterFile();
}

/**
 * Writes `code` in after each occurrence of `pattern` (which must occur `expected` times), on the
 * same line, so the file's source map still maps its stack frames.
 */
function instrument(source: string, pattern: RegExp, code: string, expected: number, copy: RouterCopy): string {
  const found = source.match(new RegExp(pattern.source, "g"))?.length ?? 0;
  if (found !== expected) throw new Error(`router-probe: ${pattern} occurs ${found} times in the ${copy} router, expected ${expected}`);
  return source.replace(new RegExp(pattern.source, "g"), (head: string) => `${head} ${code}`);
}

/** Compiles the counting copy as the module `filename` (not cached unless the caller caches it). */
function compileCopy(copy: RouterCopy, filename: string): { module: Module; counts: RouteWorkCounts } {
  let source = fs.readFileSync(sourceFile(copy), "utf8");
  source = instrument(source, /function matchRoutesImpl\(routes, locationArg, basename, allowPartial\) \{/, "__routeCounts.matchRoutes++; if (__routeCounts.stacks) __routeCounts.stacks.push(new Error().stack);", 1, copy);
  source = instrument(source, /function flattenRoutes\(routes, branches, parentsMeta, parentPath\) \{/, "if (branches === void 0) __routeCounts.flattens++;", 1, copy);
  source = instrument(source, /let params = \[\];(?=\s+let regexpSource)/, "__routeCounts.compiles++;", 1, copy);
  const counts: RouteWorkCounts = { matchRoutes: 0, flattens: 0, compiles: 0, stacks: null };
  const module = new Module(filename);
  module.filename = filename;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(filename));
  (module as unknown as { __routeCounts: RouteWorkCounts }).__routeCounts = counts;
  (module as unknown as { _compile(source: string, filename: string): void })._compile(`var __routeCounts = module.__routeCounts; ${source}`, filename);
  module.loaded = true;
  return { module, counts };
}

/** A counting copy of the router, private to the caller. */
export function loadCountingRouter(copy: RouterCopy): { router: RemixRouter; counts: RouteWorkCounts } {
  const { module, counts } = compileCopy(copy, `${sourceFile(copy)}.counting-${copy}.js`);
  return { router: module.exports as RemixRouter, counts };
}

/**
 * Makes a counting copy the router every later `require("@remix-run/router")` of the server gets
 * (server-runtime, react-router, Remix's React package). Call it before anything loads them.
 */
export function installCountingRouter(copy: RouterCopy): RouteWorkCounts {
  const filename = serverRouterFile();
  const cache = (Module as unknown as { _cache: Record<string, Module> })._cache;
  if (cache[filename]) throw new Error("router-probe: @remix-run/router is already loaded in this process");
  const { module, counts } = compileCopy(copy, filename);
  cache[filename] = module;
  return counts;
}

/** "query (router.cjs.js)": the function that called matchRoutes, from a stack `stacks` collected. */
export function matchRoutesCaller(stack: string): string {
  const frames = stack.split("\n").slice(1).map((line) => line.trim());
  const caller = frames.find((frame) => !/^at (matchRoutesImpl|matchRoutes|Object\.matchRoutes|Module\.matchRoutes|Object\.matchServerRoutes|matchServerRoutes) /.test(frame));
  if (!caller) return "?";
  const match = /^at (?:async )?(\S+) \((.*?)(?::\d+:\d+)?\)$/.exec(caller) ?? /^at (?:async )?()(.*?)(?::\d+:\d+)?$/.exec(caller);
  if (!match) return caller;
  const [, fn, file] = match;
  const short = file.replace(/^.*node_modules\//, "").replace(/\/dist\/(umd\/)?/, "/");
  return `${fn || "(anonymous)"} (${short})`;
}
