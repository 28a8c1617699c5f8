import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import type { WithDb } from '#server/http/request-context.ts';
import { dayPlus } from '#shared/dates.ts';
import { hideSecrets } from '#shared/staff/audit-values.ts';
import type { AuditQuery } from '#shared/staff/staff.schemas.ts';
import { recordNames } from './audit-names.ts';
import { auditLog } from './staff.table.ts';

export interface AuditInput {
  actorId: string;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Records a staff action; pass the transaction of the change so both commit or neither. */
export async function audit(db: Pick<Db, 'insert'>, entry: AuditInput, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now,
  });
}

/**
 * A page of the log, newest first, with its filters (decision 014, item 18): who, which action,
 * which record, which days (UTC, both included, as the orders filter). Paged by entry id rather
 * than by offset: entries are only ever added, so "older than #n" stays the same page while new
 * entries arrive. Secret-named fields leave the server as "(hidden)".
 */
export async function listAudit({ db }: WithDb, f: AuditQuery) {
  const conditions = [];
  if (f.entity) conditions.push(eq(auditLog.entity, f.entity));
  if (f.entityId) conditions.push(eq(auditLog.entityId, f.entityId));
  if (f.actor) conditions.push(eq(auditLog.actorId, f.actor));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.from) conditions.push(gte(auditLog.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) conditions.push(lt(auditLog.createdAt, new Date(`${dayPlus(f.to, 1)}T00:00:00Z`)));
  if (f.before) conditions.push(lt(auditLog.id, f.before));
  const rows = await db
    .select({ entry: auditLog, name: users.name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  const namesOf = await recordNames(
    db,
    page.map((r) => r.entry),
  );
  const entries = page.map(({ entry, name, email }) => ({
    id: entry.id,
    actor: { id: entry.actorId, name, email },
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: hideSecrets(entry.before ?? null),
    after: hideSecrets(entry.after ?? null),
    record: namesOf(entry),
    at: entry.createdAt.toISOString(),
  }));
  return { entries, nextBefore: rows.length > f.limit ? (page.at(-1)?.entry.id ?? null) : null };
}
