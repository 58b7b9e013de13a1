// What bench/pages measures and the messages between its orchestrator and its server child.

/** "reference": measured and shown, judged against no target. */
export type PageClass = "floor" | "reference" | "signed-out" | "small" | "list" | "dashboard";

export interface PageCase {
  /** As printed. */
  label: string;
  path: string;
  class: PageClass;
  /** How the request signs in: not at all, the session cookie, or the session id as a Bearer token (the JSON API). */
  auth: "none" | "cookie" | "bearer";
  /** Which server answers: the floor app or the app. */
  server: "floor" | "app" | "compare";
  /** Accept-Encoding, when not the browser's "br, gzip" every other case sends. */
  acceptEncoding?: string;
}

/** CPU per request as a multiple of the floor's, at most (the targets). */
export const TARGET_X_FLOOR: Record<Exclude<PageClass, "floor" | "reference">, number> = {
  "signed-out": 2.0,
  small: 2.0,
  list: 2.5,
  dashboard: 4.0,
};

/** PGlite's figure over PostgreSQL's, at most. */
export const TARGET_PGLITE_OVER_POSTGRES = 1.5;

/** Event-loop delay p99 while pages, an export and the live feed run together, at most (ms). */
export const TARGET_LOOP_P99_MS = 20;

export const FLOOR: PageCase = { label: "floor (one route)", path: "/", class: "floor", auth: "none", server: "floor" };

const ALL_PAGES: readonly PageCase[] = [
  { label: "/login (signed out)", path: "/login", class: "signed-out", auth: "none", server: "app" },
  { label: "/notifications", path: "/notifications", class: "small", auth: "cookie", server: "app" },
  { label: "/alert", path: "/alert", class: "small", auth: "cookie", server: "app" },
  { label: "API alert/list", path: "/api/admin/alert/list", class: "small", auth: "bearer", server: "app" },
  { label: "/trades", path: "/trades", class: "list", auth: "cookie", server: "app" },
  { label: "/watch-list", path: "/watch-list", class: "list", auth: "cookie", server: "app" },
  { label: "/allRealTime", path: "/allRealTime", class: "list", auth: "cookie", server: "app" },
  { label: "/reports/trade", path: "/reports/trade", class: "list", auth: "cookie", server: "app" },
  { label: "/dashboard", path: "/dashboard", class: "dashboard", auth: "cookie", server: "app" },
];

/** PAGES_ONLY=/trades,/alert measures only those pages (with PAGES_PROFILE: a profile of them alone). */
const ONLY = process.env.PAGES_ONLY?.split(",").map((p) => p.trim());
export const PAGES: readonly PageCase[] = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.path)) : ALL_PAGES;

/** The largest page once more, uncompressed: the difference is what compressing it costs. */
export const UNCOMPRESSED: PageCase = { label: "/dashboard uncompressed", path: "/dashboard", class: "reference", auth: "cookie", server: "app", acceptEncoding: "identity" };

/** The cases measured per database: the floor, the pages, and the largest page uncompressed when it is measured. */
export const CASES: readonly PageCase[] = [FLOOR, ...PAGES, ...(PAGES.some((p) => p.path === UNCOMPRESSED.path) ? [UNCOMPRESSED] : [])];

/** The export downloaded over and over while pages and ticks run together. */
export const EXPORT_PATH = "/reports/trade/export?format=xlsx&active=all";

/** Symbols each live-feed socket subscribes to (BT001 … of bench/lib/trade-app.ts). */
export const SOCKET_SYMBOLS = 10;

/** One copy of the app, on one database, in the server child. */
export interface AppReady {
  kind: "postgres" | "pglite";
  port: number;
  cookie: string;
  token: string;
  symbols: string[];
  setupMs: number;
  /** With PAGES_COMPARE: the other build, on the same services and database. */
  comparePort?: number;
}

export interface Ready {
  type: "ready";
  floorPort: number;
  apps: AppReady[];
}

/** The server's CPU time (µs) and the SQL statements it has sent so far. */
export interface Mark {
  type: "mark";
  cpuMicros: number;
  /** CPU time (µs) of each copy's database process, for a database in a process of its own (PGlite as `npm start` runs it); 0 otherwise. */
  databaseCpuMicros: Partial<Record<"postgres" | "pglite", number>>;
  queries: number;
}

export interface LoopReading {
  type: "loop";
  p99Ms: number;
  maxMs: number;
}

export interface MarketStarted {
  type: "market-started";
}

export interface MarketStopped {
  type: "market-stopped";
}
