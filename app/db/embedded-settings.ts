// The embedded database's (PGlite's) server settings, for its own process and for in-process use
// alike (docs/decisions/163). PGlite takes them as `-c name=value` start parameters after its
// own; they apply from the start, before any connection.

/**
 * What differs from PostgreSQL's defaults, and why. PGlite's WebAssembly memory grows as pages
 * are touched and never shrinks, so a buffer pool is resident once the data has been read
 * through it (the demo data and 100,000 trades are 133 MB on disk): opening a folder measured
 * 279-311 MB RSS with the default 128 MB and 168-177 MB with 16 MB. Reads that miss the pool go
 * to the operating system's page cache, which the kernel can give back; only one connection ever
 * uses the pool, so a small one loses little (bench/embedded).
 */
export const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
  // Index builds and VACUUM (the migrations, the seed's analyze): the default 64 MB stays resident too.
  maintenance_work_mem: "16MB",
  // Temporary tables are not used by the app; the default reserves 8 MB per session on first use.
  temp_buffers: "1MB",
};

/** PGlite's start parameters: its defaults (single-user mode and its own settings), then ours. */
export function embeddedStartParams(pgliteDefaults: readonly string[]): string[] {
  return [...pgliteDefaults, ...Object.entries(EMBEDDED_POSTGRES_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}
