import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import type { WithDb } from '#server/http/request-context.ts';
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

export async function listAudit({ db }: WithDb, f: { entity?: string; entityId?: string; limit: number }) {
  const conditions = [];
  if (f.entity) conditions.push(eq(auditLog.entity, f.entity));
  if (f.entityId) conditions.push(eq(auditLog.entityId, f.entityId));
  const rows = await db
    .select({ entry: auditLog, name: users.name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(f.limit);
  return rows.map(({ entry, name, email }) => ({
    id: entry.id,
    actor: { id: entry.actorId, name, email },
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.createdAt.toISOString(),
  }));
}
