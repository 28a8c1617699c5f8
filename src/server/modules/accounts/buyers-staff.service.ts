import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { profileChanged } from './profile-events.ts';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import { withDetails } from '#server/modules/orders/order-reads.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import type { BuyersQuery } from '#shared/accounts/buyers-staff.schemas.ts';
import { sessions, users } from './accounts.table.ts';
import { documents } from '#server/modules/companies/locations.table.ts';
import { companyMembers } from '#server/modules/companies/companies.table.ts';
import { listAddresses } from '#server/modules/companies/locations.service.ts';
import { buyerMatches } from './buyer-search.ts';
import {
  businessNameOf,
  memberCompanySql,
  phoneOf,
  USERS_ID,
} from '#server/modules/companies/company-sql.ts';

// Correlated subqueries, written out with qualified names (inside a raw fragment drizzle prints
// columns bare, so the outer "id" would be the inner table's), each with its own column name.
// Addresses and documents are the buyer's company's (decision 015).
const memberCompany = memberCompanySql(USERS_ID);
const defaultState = sql<
  string | null
>`(select a.state from addresses a where a.company_id = ${memberCompany} and a.is_default limit 1)`.as(
  'default_state',
);
const docStatus = (kind: 'sales_id' | 'tobacco_license') =>
  sql<
    string | null
  >`(select d.status from documents d where d.company_id = ${memberCompany} and d.location_id is null and d.kind = ${kind})`.as(
    `${kind}_status`,
  );

function buyerConditions(_db: Db, q: Partial<BuyersQuery>) {
  const c = [eq(users.role, 'buyer')];
  if (q.q) c.push(buyerMatches(q.q));
  if (q.state)
    c.push(
      sql`exists (select 1 from addresses a where a.company_id = ${memberCompany} and a.is_default and a.state = ${q.state})`,
    );
  if (q.documents === 'missing') {
    c.push(
      sql`(select count(*) from documents d where d.company_id = ${memberCompany} and d.location_id is null) < 2`,
    );
  } else if (q.documents) {
    c.push(
      sql`exists (select 1 from documents d where d.company_id = ${memberCompany} and d.location_id is null and d.status = ${q.documents})`,
    );
  }
  return and(...c);
}

const buyerColumns = {
  id: users.id,
  name: users.name,
  businessName: businessNameOf(),
  email: users.email,
  phone: phoneOf(),
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  state: defaultState,
  salesId: docStatus('sales_id'),
  tobaccoLicense: docStatus('tobacco_license'),
};
const selectBuyers = (db: Db) => db.select(buyerColumns).from(users);
type BuyerColumns = Awaited<ReturnType<typeof selectBuyers>>[number];

const buyerRow = (r: BuyerColumns) => ({
  id: r.id,
  name: r.name,
  businessName: r.businessName,
  email: r.email,
  emailVerified: Boolean(r.emailVerifiedAt),
  state: r.state,
  createdAt: r.createdAt.toISOString(),
  disabled: Boolean(r.disabledAt),
  documents: {
    salesId: r.salesId as 'pending' | 'verified' | 'reupload_requested' | null,
    tobaccoLicense: r.tobaccoLicense as 'pending' | 'verified' | 'reupload_requested' | null,
  },
});

export async function listBuyers({ db }: WithDb, q: BuyersQuery) {
  const where = buyerConditions(db, q);
  const [rows, [total]] = await Promise.all([
    selectBuyers(db)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    buyers: rows.map(buyerRow),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function buyerDetail({ db }: WithDb, id: string) {
  const [row] = await selectBuyers(db).where(and(eq(users.id, id), eq(users.role, 'buyer')));
  if (!row) throw new NotFound('Buyer not found');
  // The orders and documents of the buyer's company, whoever of its members placed or uploaded them.
  const companyOrders = memberCompanySql(id);
  const [addressList, docs, orderRows, [membership]] = await Promise.all([
    listAddresses({ db, userId: id }),
    db
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, companyOrders), isNull(documents.locationId)))
      .orderBy(asc(documents.kind)),
    db
      .select()
      .from(orders)
      .where(eq(orders.companyId, companyOrders))
      .orderBy(desc(orders.createdAt))
      .limit(20),
    db
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, id)),
  ]);
  return {
    buyer: { ...buyerRow(row), phone: row.phone },
    companyId: membership?.companyId ?? null,
    addresses: addressList,
    documents: docs.map((d) => ({
      id: d.id,
      kind: d.kind as 'sales_id' | 'tobacco_license',
      status: d.status,
      originalName: d.originalName,
      uploadedAt: d.updatedAt.toISOString(),
      documentNumber: d.documentNumber,
      issuingState: d.issuingState,
      expiresOn: d.expiresOn,
      note: d.note,
    })),
    orders: await withDetails(db, orderRows),
  };
}

/** Staff confirm an email by hand (a buyer who cannot receive our mail): the same as the link. */
export async function verifyBuyerEmail(
  ctx: StaffContext & { events: UserEventBus },
  id: string,
): Promise<boolean> {
  const changed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(users.id, id), eq(users.role, 'buyer'), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (!row) {
      const [exists] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'buyer')));
      if (!exists) throw new NotFound('Buyer not found');
      return false;
    }
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'buyer.email_verified', entity: 'buyer', entityId: id },
      ctx.now,
    );
    return true;
  });
  if (changed) await profileChanged({ events: ctx.events, userId: id });
  return changed;
}

/** Disabling ends every session of the buyer at once; they cannot sign in or order until enabled. */
export async function setBuyerDisabled(ctx: StaffContext, id: string, disabled: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? ctx.now : null, updatedAt: ctx.now })
      .where(and(eq(users.id, id), eq(users.role, 'buyer')))
      .returning({ id: users.id });
    if (!row) throw new NotFound('Buyer not found');
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: disabled ? 'buyer.disabled' : 'buyer.enabled',
        entity: 'buyer',
        entityId: id,
      },
      ctx.now,
    );
  });
}
