import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { withDetails } from '#server/modules/orders/order-reads.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { companyGroup } from '#server/modules/pricing/pricing-staff.service.ts';
import type { DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import { effectiveDocumentStatus, type StoredDocumentStatus } from '#shared/accounts/document-status.ts';
import { companyStaffMessages } from '#shared/companies/companies.messages.ts';
import { type CompanyRole, invitationStatus } from '#shared/companies/companies.rules.ts';
import type {
  CompaniesQuery,
  CompanyDetail,
  CompanyRow,
  StaffDocument,
} from '#shared/companies/companies-staff.schemas.ts';
import { isoDay } from '#shared/dates.ts';
import { companies, companyInvitations, companyMembers, companyNotes } from './companies.table.ts';
import { toAddress } from './locations.service.ts';
import { addresses, type DocumentRow, documents } from './locations.table.ts';

type ScopedReadContext = WithDb & Pick<RequestContext, 'now' | 'companyScope'>;

/** `%` and `_` typed by staff are characters, not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Correlated subqueries on the company, written with their own aliases and the outer table named
// in full: drizzle prints columns of a one-table select bare (see company-sql.ts).
const COMPANY_ID = sql.raw('"companies"."id"');

const memberCount = sql<number>`(select count(*)::int from company_members m_n
  where m_n.company_id = ${COMPANY_ID} and m_n.removed_at is null)`.as('member_count');
const locationStates = sql<string[]>`array(select distinct a_s.state from addresses a_s
  where a_s.company_id = ${COMPANY_ID} order by a_s.state)`.as('location_states');
const documentCount = (status: SQL, name: string) =>
  sql<number>`(select count(*)::int from documents d_c
    where d_c.company_id = ${COMPANY_ID} and ${status})`.as(name);

/** The search: part of the business name (the trigram index) or of a member's email, any case. */
function companyConditions(q: CompaniesQuery) {
  const c: SQL[] = [];
  if (q.q) {
    const like = `%${escapeLike(q.q.toLowerCase())}%`;
    c.push(sql`(lower("companies"."business_name") like ${like}
      or exists (select 1 from company_members m_q join users u_q on u_q.id = m_q.user_id
        where m_q.company_id = ${COMPANY_ID} and lower(u_q.email) like ${like}))`);
  }
  if (q.rep) c.push(eq(companies.salesRepId, q.rep));
  if (q.state)
    c.push(
      sql`exists (select 1 from addresses a_q where a_q.company_id = ${COMPANY_ID} and a_q.state = ${q.state})`,
    );
  return c.length ? and(...c) : undefined;
}

function listColumns(today: string) {
  const verifiedNow = sql`d_c.status = 'verified' and (d_c.expires_on is null or d_c.expires_on >= ${today})`;
  return {
    id: companies.id,
    businessName: companies.businessName,
    phone: companies.phone,
    disabledAt: companies.disabledAt,
    createdAt: companies.createdAt,
    members: memberCount,
    states: locationStates,
    pending: documentCount(sql`d_c.status = 'pending'`, 'pending_count'),
    verified: documentCount(verifiedNow, 'verified_count'),
    reupload: documentCount(sql`d_c.status = 'reupload_requested'`, 'reupload_count'),
    expired: documentCount(sql`d_c.status = 'verified' and d_c.expires_on < ${today}`, 'expired_count'),
  };
}

/** Companies for the console: searched by name or a member's email, filtered by a location's state, newest first. */
export async function listCompanies({ db, now, companyScope }: ScopedReadContext, q: CompaniesQuery) {
  const where = and(companyConditions(q), repIs(companyScope));
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns(isoDay(now)))
      .from(companies)
      .where(where)
      .orderBy(desc(companies.createdAt), asc(companies.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  const view = (r: (typeof rows)[number]): CompanyRow => ({
    id: r.id,
    businessName: r.businessName,
    phone: r.phone,
    members: Number(r.members),
    states: r.states ?? [],
    documents: {
      pending: Number(r.pending),
      verified: Number(r.verified),
      reuploadRequested: Number(r.reupload),
      expired: Number(r.expired),
    },
    disabled: Boolean(r.disabledAt),
    createdAt: r.createdAt.toISOString(),
  });
  return { companies: rows.map(view), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

const staffDocument = (d: DocumentRow, today: string): StaffDocument => ({
  id: d.id,
  kind: d.kind as DocumentKind,
  status: effectiveDocumentStatus(d.status as StoredDocumentStatus, d.expiresOn, today),
  originalName: d.originalName,
  uploadedAt: d.updatedAt.toISOString(),
  documentNumber: d.documentNumber,
  issuingState: d.issuingState,
  expiresOn: d.expiresOn,
  note: d.note,
});

/** A sales rep's companies only (decision 016), or every one when the scope is null. */
export const repIs = (companyScope: string | null) =>
  companyScope ? eq(companies.salesRepId, companyScope) : undefined;

/**
 * The company row, or 404: an unknown id (as a malformed one is at the route), or another rep's
 * company for a sales rep, who is not told it exists.
 */
export async function findCompany(db: Pick<Db, 'select'>, id: string, companyScope: string | null) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), repIs(companyScope)));
  if (!row) throw new NotFound(companyStaffMessages.companyNotFound);
  return row;
}

async function membersOf(db: Db, companyId: string) {
  const rows = await db
    .select({ member: companyMembers, name: users.name, email: users.email, verified: users.emailVerifiedAt })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(sql`${companyMembers.removedAt} is not null`, asc(companyMembers.joinedAt), asc(users.name));
  return rows.map(({ member, name, email, verified }) => ({
    userId: member.userId,
    name,
    email,
    role: member.role as CompanyRole,
    orderLimitCents: member.orderLimitCents,
    joinedAt: member.joinedAt.toISOString(),
    removedAt: member.removedAt?.toISOString() ?? null,
    emailVerified: Boolean(verified),
  }));
}

async function invitationsOf(db: Db, companyId: string, now: Date) {
  const rows = await db
    .select({ row: companyInvitations, invitedBy: users.name })
    .from(companyInvitations)
    .innerJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(eq(companyInvitations.companyId, companyId))
    .orderBy(desc(sql`coalesce(${companyInvitations.resentAt}, ${companyInvitations.createdAt})`))
    .limit(50);
  return rows.map(({ row, invitedBy }) => ({
    id: row.id,
    email: row.email,
    role: row.role as CompanyRole,
    orderLimitCents: row.orderLimitCents,
    invitedBy,
    sentAt: (row.resentAt ?? row.createdAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now),
  }));
}

async function notesOf(db: Db, companyId: string) {
  const rows = await db
    .select({ note: companyNotes, author: users.name })
    .from(companyNotes)
    .innerJoin(users, eq(users.id, companyNotes.authorId))
    .where(eq(companyNotes.companyId, companyId))
    .orderBy(desc(companyNotes.createdAt), desc(companyNotes.id))
    .limit(100);
  return rows.map(({ note, author }) => ({
    id: note.id,
    body: note.body,
    author,
    createdAt: note.createdAt.toISOString(),
  }));
}

/**
 * A company as staff see it: its details, members (removed ones too), invitations, locations each
 * with its own documents beside the company's, its customer group, recent orders and staff notes.
 */
export async function companyDetail(
  { db, now, companyScope }: ScopedReadContext,
  id: string,
): Promise<CompanyDetail> {
  const company = await findCompany(db, id, companyScope);
  const today = isoDay(now);
  const [members, invitations, locationRows, docs, group, orderRows, notes, [rep]] = await Promise.all([
    membersOf(db, id),
    invitationsOf(db, id, now),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.companyId, id))
      .orderBy(asc(addresses.createdAt), asc(addresses.id)),
    db.select().from(documents).where(eq(documents.companyId, id)).orderBy(asc(documents.kind)),
    companyGroup(db, id),
    db.select().from(orders).where(eq(orders.companyId, id)).orderBy(desc(orders.createdAt)).limit(20),
    notesOf(db, id),
    company.salesRepId
      ? db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, company.salesRepId))
      : [],
  ]);
  const docsOf = (locationId: string | null) =>
    docs.filter((d) => d.locationId === locationId).map((d) => staffDocument(d, today));
  return {
    company: {
      id: company.id,
      businessName: company.businessName,
      phone: company.phone,
      taxId: company.taxId,
      locationLimit: company.locationLimit,
      isCompleted: company.isCompleted,
      disabled: Boolean(company.disabledAt),
      createdAt: company.createdAt.toISOString(),
      salesRep: rep ?? null,
    },
    members,
    invitations,
    locations: locationRows.map((a) => ({ ...toAddress(a), documents: docsOf(a.id) })),
    companyDocuments: docsOf(null),
    group,
    orders: await withDetails(db, orderRows),
    notes,
  };
}

/** Staff whose role is sales and who may sign in: the choices for a company's rep. */
export async function salesRepChoices({ db }: WithDb) {
  const reps = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.staffRole, 'sales'), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.email));
  return { reps };
}
