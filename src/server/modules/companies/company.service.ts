import { and, asc, eq, isNull } from 'drizzle-orm';
import { users } from '#server/modules/accounts/accounts.table.ts';
import type { Db } from '#server/db/client.ts';
import { DomainError, NotFound } from '#server/errors.ts';
import type { UserEventBus, UserEventType } from '#server/modules/events/event-bus.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { type CompanyMemberRow, type CompanyRow, companies, companyMembers } from './companies.table.ts';

/** A transaction or the database: the company's writes join the caller's transaction. */
type Tx = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;

export interface CompanyDetails {
  businessName: string;
  phone: string;
}

/**
 * A new company with its first member as owner (sign-up, the demo buyer): in the caller's
 * transaction, so there is never a buyer without a company.
 */
export async function createCompany(tx: Tx, ownerId: string, details: CompanyDetails, now: Date) {
  const [company] = await tx
    .insert(companies)
    .values({ businessName: details.businessName, phone: details.phone, createdAt: now, updatedAt: now })
    .returning();
  await tx
    .insert(companyMembers)
    .values({ userId: ownerId, companyId: company!.id, role: 'owner', joinedAt: now });
  return company!;
}

/**
 * The company's name and phone. (Until the release after, decision 015 step 6, accounts also keeps
 * the copy on the member's own row that the release before reads during a rolling upgrade.)
 */
export async function updateCompanyDetails(tx: Tx, companyId: string, details: CompanyDetails, now: Date) {
  const [row] = await tx
    .update(companies)
    .set({ businessName: details.businessName, phone: details.phone, updatedAt: now })
    .where(eq(companies.id, companyId))
    .returning();
  return row!;
}

/** The profile is complete (/nextpage done, or the documents given). */
export async function markCompanyCompleted(tx: Tx, companyId: string, now: Date): Promise<CompanyRow> {
  const [row] = await tx
    .update(companies)
    .set({ isCompleted: true, updatedAt: now })
    .where(eq(companies.id, companyId))
    .returning();
  return row!;
}

export interface Membership {
  company: CompanyRow;
  member: CompanyMemberRow;
}

/** The company a login belongs to now (none for staff, or a removed member). */
export async function companyOf(db: Pick<Db, 'select'>, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ company: companies, member: companyMembers })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.removedAt)));
  return row ?? null;
}

/** The logins of a company's current members (whose open pages hear of a change to it). */
export async function memberIds(db: Pick<Db, 'select'>, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.removedAt)));
  return rows.map((r) => r.id);
}

/** After a change to the company commits: every member's open pages hear of it. */
export async function tellMembers(
  ctx: { db: Pick<Db, 'select'>; events: UserEventBus },
  companyId: string,
  type: UserEventType,
): Promise<void> {
  await ctx.events.publishMany(await memberIds(ctx.db, companyId), type);
}

/**
 * The company row, locked until the transaction ends: every change of who is in a company and in
 * which role (members, invitations) takes it first, so two owners acting at once take turns.
 */
export async function lockCompany(tx: Pick<Db, 'select'>, companyId: string): Promise<CompanyRow> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!row) throw new NotFound(companyMessages.memberNotFound);
  return row;
}

/** The caller's company: the guard let only members through (`companyRoles`); staff have none. */
export function callerCompany(ctx: { companyId: string | null }): string {
  if (!ctx.companyId) throw new DomainError(403, companyMessages.membersOnly);
  return ctx.companyId;
}

/**
 * The company's active members whose logins are enabled, first joined first: who hears of an order
 * staff took or changed for the company (decision 016), and its first owner is whose attention it
 * is for.
 */
export function activeMembersOf(db: Pick<Db, 'select'>, companyId: string) {
  return db
    .select({ userId: users.id, email: users.email, name: users.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        isNull(companyMembers.removedAt),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(companyMembers.joinedAt), asc(users.email));
}
