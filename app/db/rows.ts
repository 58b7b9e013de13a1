// The rows of a raw query (db.execute): PGlite and node-postgres both answer `{ rows }`; older
// shapes give the array itself. One reader for every raw query in models and the seeds.
export function rowsOf<T>(result: unknown): T[] {
  const r = result as T[] | { rows?: T[] };
  return Array.isArray(r) ? r : (r.rows ?? []);
}
