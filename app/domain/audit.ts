// What the audit log records (docs/decisions/140-admin-console.md): the kinds of change and the
// kinds of thing changed, as the log's filter and export name them.

export const AUDIT_ENTITIES = ["user", "symbol", "sector", "key", "calendar", "setting", "upload", "point", "charges"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = ["create", "update", "switch", "delete", "extend", "upload", "undo", "sign-out-all", "reset-password"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  user: "User",
  symbol: "Symbol",
  sector: "Sector",
  key: "Key",
  calendar: "Calendar",
  setting: "Setting",
  upload: "Upload",
  point: "Target point",
  charges: "Charge rates",
};

export function isAuditEntity(value: unknown): value is AuditEntity {
  return typeof value === "string" && (AUDIT_ENTITIES as readonly string[]).includes(value);
}

/**
 * The fields that differ between two records, as "field: before → after" lines: what the log's
 * page shows instead of two blobs. Values are compared by their JSON text.
 */
export function describeChange(before: unknown, after: unknown): string[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  // With a record on both sides, fields only "before" has name the record (a user name beside a
  // switched status) and are not changes; a deletion (no "after") lists everything it had.
  const keys = isRecord(after) && isRecord(before) ? Object.keys(a) : [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const lines: string[] = [];
  for (const key of keys) {
    const was = JSON.stringify(b[key] ?? null);
    const now = JSON.stringify(a[key] ?? null);
    if (was !== now) lines.push(`${key}: ${shown(b[key])} → ${shown(a[key])}`);
  }
  return lines;
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The record's values of the given fields (the "before" of an update, to set beside its "after"). */
export function pickKeys(record: object, keys: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
}
