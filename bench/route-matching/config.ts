// What bench/route-matching measures, and the messages between its orchestrator and its children.
import type { RouterCopy } from "../../tests/support/router-probe";

/** The app's paths the micro-bench matches; "/users/{n}/edit" takes a new id on every call. */
export const MATCH_PATHS = ["/dashboard", "/trades", "/reports/trade", "/users/12/edit", "/no/such/page", "/users/{n}/edit"] as const;

/** The patched router's matching time per request at most this share of the unpatched one's. */
export const TARGET_REQUEST_RATIO = 0.2;

/** A request sent straight to Remix's request handler in a child. */
export interface RequestCase {
  label: string;
  /** Path and query. `{version}` is the build's assets version. */
  url: string;
  signedIn: boolean;
  kind: "document" | "data" | "resource" | "manifest";
}

export const REQUEST_CASES: readonly RequestCase[] = [
  { label: "GET /dashboard", url: "/dashboard", signedIn: true, kind: "document" },
  { label: "GET /trades", url: "/trades", signedIn: true, kind: "document" },
  { label: "GET /reports/trade", url: "/reports/trade", signedIn: true, kind: "document" },
  { label: "GET /users/12/edit", url: "/users/12/edit", signedIn: true, kind: "document" },
  { label: "GET /no/such/page", url: "/no/such/page", signedIn: true, kind: "document" },
  { label: "GET /login (signed out)", url: "/login", signedIn: false, kind: "document" },
  { label: "data /trades?_data", url: "/trades?_data=routes%2F_journal%2B%2Ftrades", signedIn: true, kind: "data" },
  { label: "data /users/12/edit?_data", url: "/users/12/edit?_data=routes%2F_admin%2B%2Fusers.%24id.edit", signedIn: true, kind: "data" },
  { label: "resource /udf/time", url: "/udf/time", signedIn: true, kind: "resource" },
  { label: "__manifest (3 paths)", url: "/__manifest?p=%2Fusers%2F12%2Fedit&p=%2Ftrades&version={version}", signedIn: true, kind: "manifest" },
];

export interface ChildReady {
  type: "ready";
  copy: RouterCopy;
  startMs: number;
}

/** What one request of a case did, after warm-up. */
export interface CaseCount {
  label: string;
  status: number;
  matchRoutes: number;
  flattens: number;
  compiles: number;
  /** Who called matchRoutes, in order ("fn (file)"). */
  callers: string[];
}

export interface Counted {
  type: "counted";
  cases: CaseCount[];
}

export interface Timed {
  type: "timed";
  cpuMicros: number;
  requests: number;
}
