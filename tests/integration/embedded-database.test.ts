// The embedded database in a process of its own (docs/decisions/163), as `npm start` opens it
// for a data folder: the app reaches it over a Unix socket with node-postgres, a new folder is
// initialised, migrations and transactions work, and the process never outlives the app.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { sectors } from "~/db/schema";
import { rowsOf } from "~/db/rows";
import { EMBEDDED_POSTGRES_SETTINGS } from "~/db/embedded-settings";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie (exited, not yet reaped by its parent) has no memory and serves nothing.
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

describe("the embedded database in its own process", () => {
  let folder: string;
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-db-test-"));
    dataDir = path.join(folder, "pglite");
    handle = await openDatabase(dataDir);
    await migrateDatabase(handle);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("is PGlite reached with node-postgres, in another process, on a data folder it initialised", async () => {
    expect(handle.driver).toBe("pglite");
    expect(handle.client).toBe("node-postgres");
    expect(handle.processId).toBeGreaterThan(0);
    expect(handle.processId).not.toBe(process.pid);
    expect(isAlive(handle.processId!)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    expect(await handle.ping()).toBe(true);
    const [{ version }] = rowsOf<{ version: string }>(await handle.db.execute(sql`select version()`));
    expect(version).toMatch(/PostgreSQL/);
  });

  it("runs with the lean settings", async () => {
    const [{ shared_buffers }] = rowsOf<{ shared_buffers: string }>(await handle.db.execute(sql`show shared_buffers`));
    expect(shared_buffers).toBe(EMBEDDED_POSTGRES_SETTINGS.shared_buffers);
  });

  it("rolls a failed transaction back and keeps serving", async () => {
    const name = "EMBEDDED ROLLBACK SECTOR";
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(sectors).values({ sectorName: name });
        throw new Error("stop here");
      }),
    ).rejects.toThrow("stop here");
    const [{ n }] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from sectors where sector_name = ${name}`));
    expect(Number(n)).toBe(0);
    await handle.db.transaction(async (tx) => {
      await tx.insert(sectors).values({ sectorName: name });
    });
    const [{ m }] = rowsOf<{ m: number }>(await handle.db.execute(sql`select count(*)::int as m from sectors where sector_name = ${name}`));
    expect(Number(m)).toBe(1);
  });

  it("serialises concurrent transactions on its one connection", async () => {
    const names = Array.from({ length: 5 }, (_, i) => `EMBEDDED CONCURRENT ${i}`);
    await Promise.all(
      names.map((name) =>
        handle.db.transaction(async (tx) => {
          await tx.insert(sectors).values({ sectorName: name });
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    const [{ n }] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from sectors where sector_name like 'EMBEDDED CONCURRENT %'`));
    expect(Number(n)).toBe(5);
  });

  it("stops its process on close, and the data is there on the next open", async () => {
    const pid = handle.processId!;
    await handle.close();
    expect(await until(() => !isAlive(pid), 10_000)).toBe(true);
    handle = await openDatabase(dataDir);
    await migrateDatabase(handle);
    const [{ n }] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from sectors where sector_name = 'EMBEDDED ROLLBACK SECTOR'`));
    expect(Number(n)).toBe(1);
  }, 60_000);

  it("stops when the app's process is killed", async () => {
    const otherDir = path.join(folder, "orphan");
    const app = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/embedded-database-holder.ts"), otherDir], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const databasePid = await new Promise<number>((resolve, reject) => {
        let output = "";
        app.stdout!.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split("\n").find((l) => l.startsWith("{"));
          if (line) resolve((JSON.parse(line) as { databasePid: number }).databasePid);
        });
        app.once("exit", (code) => reject(new Error(`the holder exited (${code}): ${output}`)));
      });
      expect(isAlive(databasePid)).toBe(true);
      app.kill("SIGKILL");
      expect(await until(() => !isAlive(databasePid), 15_000)).toBe(true);
    } finally {
      app.kill("SIGKILL");
    }
  }, 90_000);
});
