// The route-matching bench's child (argv: "pristine" or "patched"): the built app's Remix request
// handler with a counting copy of @remix-run/router in place of the installed one
// (tests/support/router-probe.ts), the app's real services on in-memory PGlite with no trades,
// and a signed-in admin. Requests go straight to the handler (no HTTP, no middleware), so its CPU
// per request is Remix's and the pages'. It answers "count" (one request per case after a
// warm-up, with the router's work counted) and "time" (CPU over n requests of one case).
import { installCountingRouter, matchRoutesCaller, type RouterCopy } from "../../tests/support/router-probe";
import { parentChannel } from "../lib/child";
import { REQUEST_CASES, type CaseCount, type ChildReady, type Counted, type RequestCase, type Timed } from "./config";

const copy = process.argv[2] as RouterCopy;
const channel = parentChannel();
// Before anything requires the router: Remix's packages get the counting copy.
const counts = installCountingRouter(copy);
const started = performance.now();

const { createRequestHandler } = await import("@remix-run/node");
const { appLoadContext } = await import("~/server/http-pipeline.server");
const { cpuMicros, importAppBuild, openTradeApp } = await import("../lib/trade-app");
await import("~/config/context");

const app = await openTradeApp("pglite", "bench_routes", [], { trades: 0 });
const build = await importAppBuild();
const handler = createRequestHandler(build, "production");
const context = appLoadContext(app.services, app.cookiesFor);

async function request(item: RequestCase): Promise<number> {
  const url = `http://127.0.0.1${item.url.replace("{version}", build.assets.version)}`;
  const headers: Record<string, string> = { accept: "text/html", "user-agent": "bench-routes" };
  if (item.signedIn) headers.cookie = app.cookie;
  const req = { secure: false, ip: "127.0.0.1" } as Parameters<typeof context>[0];
  const res = { locals: { cspNonce: "bench" } } as unknown as Parameters<typeof context>[1];
  const response = await handler(new Request(url, { headers }), context(req, res));
  await response.arrayBuffer();
  return response.status;
}

channel.on("count", async () => {
  const cases: CaseCount[] = [];
  for (const item of REQUEST_CASES) {
    for (let i = 0; i < 3; i++) await request(item);
    const before = { ...counts };
    counts.stacks = [];
    const status = await request(item);
    cases.push({
      label: item.label,
      status,
      matchRoutes: counts.matchRoutes - before.matchRoutes,
      flattens: counts.flattens - before.flattens,
      compiles: counts.compiles - before.compiles,
      callers: counts.stacks.map(matchRoutesCaller),
    });
    counts.stacks = null;
  }
  channel.send<Counted>({ type: "counted", cases });
});

channel.on("time", async (message) => {
  const item = REQUEST_CASES.find((c) => c.label === message.label)!;
  const requests = Number(message.requests);
  const before = cpuMicros();
  for (let i = 0; i < requests; i++) await request(item);
  channel.send<Timed>({ type: "timed", cpuMicros: cpuMicros() - before, requests });
});

channel.on("exit", async () => {
  await app.close();
  process.exit(0);
});

channel.send<ChildReady>({ type: "ready", copy, startMs: performance.now() - started });
