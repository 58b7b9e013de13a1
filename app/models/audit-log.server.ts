// The audit log: one row per change an operator made (docs/decisions/140-admin-console.md).
// Rows are written with the same transaction handle as the change they record, so a change and
// its record commit or roll back together.
import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { pageOffset } from "~/domain/paging";
import type { AuditAction, AuditEntity } from "~/domain/audit";
import { streamInBatches } from "./batches.server";

/** Who made a change: the account and its user name at the time. */
export interface AuditActor {
  id: number;
  username: string;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: AppDatabase | AppTransaction, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      actorId: e.actor.id,
      actorName: e.actor.username,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId === null ? null : String(e.entityId),
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}

export interface AuditFilter {
  actorId: number | null;
  entity: AuditEntity | null;
  /** Half-open instant range [from, to). */
  from: Date | null;
  to: Date | null;
}

export interface AuditRow {
  id: number;
  occurredAt: Date;
  actorId: number | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actorId !== null) parts.push(eq(auditLog.actorId, filter.actorId));
  if (filter.entity !== null) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.from) parts.push(gte(auditLog.occurredAt, filter.from));
  if (filter.to) parts.push(lt(auditLog.occurredAt, filter.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

const rowColumns = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

/** Newest first, one page. */
export async function listAuditPage(db: AppDatabase, filter: AuditFilter, paging: { page: number; pageSize: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total };
}

/** Every row of the filter, newest first, read in pages of `batch` (exports). */
export function streamAuditRows(db: AppDatabase, filter: AuditFilter): AsyncGenerator<AuditRow> {
  return streamInBatches((page, pageSize) => listAuditPage(db, filter, { page, pageSize }));
}

/** The accounts that appear as actors, for the filter's choices. */
export async function listAuditActors(db: AppDatabase): Promise<{ id: number; username: string }[]> {
  return db
    .selectDistinct({ id: users.id, username: users.username })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(asc(users.username));
}
