// Two app processes on one PostgreSQL and one Redis (test:pg only): the process holding the
// advisory lock runs the feed; a client of the OTHER process receives its ticks through Redis;
// when the leader dies, the other process takes the feed over within seconds.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { openTestDatabase } from "../support/context";
import { createAuthSession } from "~/models/auth-session.server";
import type { SymbolTickPayload } from "~/realtime/events";

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
const SESSION_SECRET = "scale-out-secret-0123456789";
if (!enabled) console.log("[scale-out] skipped: needs TEST_DATABASE_URL (npm run test:pg) and REDIS_URL");

describe.skipIf(!enabled)("two processes with Redis", () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const nodes: { proc: ChildProcess; port: number; output: string[] }[] = [];
  let socket: Socket | null = null;
  let token = "";

  function startNode(port: number) {
    const proc = spawn(process.execPath, ["--import", "tsx", path.resolve(__dirname, "../support/market-node.ts")], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL,
        PORT: String(port),
        SEED_DEMO: "0",
        FEED: "simulated",
        SESSION_SECRET,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const node = { proc, port, output: [] as string[] };
    proc.stdout!.on("data", (d) => node.output.push(String(d)));
    proc.stderr!.on("data", (d) => node.output.push(String(d)));
    nodes.push(node);
    return node;
  }

  async function waitFor(check: () => boolean, ms: number, what: string) {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}\n${nodes.map((n) => n.output.join("")).join("\n---\n")}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    db = await openTestDatabase();
    // The demo admin is enrolled in two-factor sign-in only with the processes' secret (as `npm
    // start` seeds it); without it the socket is refused with "Set up two-factor sign-in first".
    await seedDemoData(db.database.db, { appSecret: SESSION_SECRET });
    const [admin] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com"));
    token = (await createAuthSession(db.database.db, admin.id)).id;
  }, 60_000);

  afterAll(async () => {
    socket?.disconnect();
    for (const n of nodes) if (n.proc.exitCode === null) n.proc.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    await db?.database.close();
    await db?.drop();
  });

  it("delivers the leader's ticks to a client of the other process, and fails over", async () => {
    const leader = startNode(3401);
    await waitFor(() => leader.output.join("").includes("holding the feed lock"), 30_000, "the first process to lead");
    const follower = startNode(3402);
    await waitFor(() => follower.output.join("").includes("READY 3402"), 30_000, "the second process");
    expect(follower.output.join("")).not.toContain("holding the feed lock");

    socket = connect("http://127.0.0.1:3402", { transports: ["websocket"], auth: { token } });
    const seen: SymbolTickPayload[] = [];
    socket.on("getServerSymbol", (batch: SymbolTickPayload[]) => seen.push(...batch));
    await new Promise<void>((resolve, reject) => {
      socket!.once("connect", () => resolve());
      socket!.once("connect_error", reject);
    });
    const answer = await socket.emitWithAck("SubAdd", { subs: ["NIFTY-I"] });
    expect(answer.ok).toBe(true);
    const subscribedAt = Date.now();
    await waitFor(() => seen.some((p) => p.tickData.symbolCode === "NIFTY-I" && p.tickData.time >= subscribedAt), 5_000, "a tick through Redis");

    // The leader dies; its lock connection closes; the follower takes the feed over.
    leader.proc.kill("SIGKILL");
    const killedAt = Date.now();
    await waitFor(() => follower.output.join("").includes("holding the feed lock"), 15_000, "the follower to take over");
    const takeover = Date.now() - killedAt;
    expect(takeover).toBeLessThan(15_000);
    await waitFor(() => seen.some((p) => p.tickData.time > killedAt + 200), 5_000, "ticks from the new leader");
    console.log(`[scale-out] takeover after ${takeover} ms`);
  }, 90_000);
});
