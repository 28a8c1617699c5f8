import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { documents } from '#server/modules/companies/locations.table.ts';
import {
  banners,
  brands,
  categories,
  products,
  variants,
} from '#server/modules/catalogue/catalogue.table.ts';
import { complianceRules, exciseRates } from '#server/modules/compliance/compliance.table.ts';
import { outbox } from '#server/modules/mail/mail.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { customerGroups } from '#server/modules/pricing/pricing.table.ts';
import { MAX_DB_ID } from '#shared/input/input.ts';
import type { AuditRecordNames } from '#shared/staff/audit-sentence.ts';
import { businessNameOf, orderBusinessSql, orderBuyerIdSql } from '#server/modules/companies/company-sql.ts';
import { companies, companyInvitations } from '#server/modules/companies/companies.table.ts';

/**
 * The names of the records a page of the audit log is about, as they are now (decision 014, item
 * 18): a buyer's business, a document's kind and whose it is, a product's name, a staff member's
 * name and email, a company's name, an invitation's email and company (decision 015). One query
 * per record type on the page, by id; a record deleted since has no name here, and the sentence
 * falls back on what the entry itself holds.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isSerial = (id: string) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_DB_ID;

export const NO_NAMES: AuditRecordNames = { name: null, kind: null, buyerId: null, productId: null };

type Found = Map<string, AuditRecordNames>;
const key = (entity: string, id: string) => `${entity}:${id}`;
const names = (n: Partial<AuditRecordNames>): AuditRecordNames => ({ ...NO_NAMES, ...n });

/** Records with a serial id and a name column: one query each. */
const NAMED_SERIALS = {
  category: { table: categories, id: categories.id, name: categories.name },
  brand: { table: brands, id: brands.id, name: brands.name },
  banner: { table: banners, id: banners.id, name: banners.title },
  customer_group: { table: customerGroups, id: customerGroups.id, name: customerGroups.name },
  compliance_rule: { table: complianceRules, id: complianceRules.id, name: complianceRules.name },
  excise_rate: { table: exciseRates, id: exciseRates.id, name: exciseRates.name },
  mail: { table: outbox, id: outbox.id, name: outbox.to },
} as const;

export async function recordNames(
  db: Db,
  entries: readonly { entity: string; entityId: string }[],
): Promise<(e: { entity: string; entityId: string }) => AuditRecordNames> {
  const ids = (entity: string, valid: (id: string) => boolean) => [
    ...new Set(entries.filter((e) => e.entity === entity && valid(e.entityId)).map((e) => e.entityId)),
  ];
  const found: Found = new Map();
  const work: Promise<void>[] = [];
  const when = (list: unknown[], run: () => Promise<void>) => {
    if (list.length) work.push(run());
  };

  const people = [...ids('buyer', (id) => UUID.test(id)), ...ids('user', (id) => UUID.test(id))];
  when(people, async () => {
    const rows = await db
      .select({
        id: users.id,
        role: users.role,
        name: users.name,
        email: users.email,
        business: businessNameOf(),
      })
      .from(users)
      .where(inArray(users.id, people));
    for (const u of rows) {
      const buyer = names({ name: u.business || u.name, buyerId: u.id });
      found.set(key('buyer', u.id), buyer);
      found.set(key('user', u.id), u.role === 'buyer' ? buyer : names({ name: `${u.name} (${u.email})` }));
    }
  });

  const docs = ids('document', (id) => UUID.test(id));
  when(docs, async () => {
    const rows = await db
      .select({ id: documents.id, kind: documents.kind, userId: users.id, business: businessNameOf() })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.userId))
      .where(inArray(documents.id, docs));
    for (const d of rows)
      found.set(key('document', d.id), names({ name: d.business, kind: d.kind, buyerId: d.userId }));
  });

  const numbers = ids('order', (id) => id.length <= 40);
  when(numbers, async () => {
    const rows = await db
      .select({ number: orders.number, userId: orderBuyerIdSql(), business: orderBusinessSql() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.number, numbers));
    for (const o of rows) found.set(key('order', o.number), names({ name: o.business, buyerId: o.userId }));
  });

  const companyIds = ids('company', (id) => UUID.test(id));
  when(companyIds, async () => {
    const rows = await db
      .select({ id: companies.id, name: companies.businessName })
      .from(companies)
      .where(inArray(companies.id, companyIds));
    for (const c of rows) found.set(key('company', c.id), names({ name: c.name }));
  });

  const invitationIds = ids('invitation', (id) => UUID.test(id));
  when(invitationIds, async () => {
    const rows = await db
      .select({ id: companyInvitations.id, email: companyInvitations.email, company: companies.businessName })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(inArray(companyInvitations.id, invitationIds));
    for (const i of rows) found.set(key('invitation', i.id), names({ name: `${i.email} to ${i.company}` }));
  });

  const productIds = ids('product', isSerial).map(Number);
  when(productIds, async () => {
    const rows = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, productIds));
    for (const p of rows) found.set(key('product', String(p.id)), names({ name: p.name, productId: p.id }));
  });

  const variantIds = ids('variant', isSerial).map(Number);
  when(variantIds, async () => {
    const rows = await db
      .select({
        id: variants.id,
        name: variants.name,
        sku: variants.sku,
        productId: products.id,
        product: products.name,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.id, variantIds));
    for (const v of rows)
      found.set(
        key('variant', String(v.id)),
        names({ name: `${v.product} — ${v.name} (${v.sku})`, productId: v.productId }),
      );
  });

  for (const [entity, t] of Object.entries(NAMED_SERIALS)) {
    const list = ids(entity, isSerial).map(Number);
    when(list, async () => {
      const where: SQL = inArray(t.id, list);
      const rows = await db.select({ id: t.id, name: t.name }).from(t.table).where(where);
      for (const r of rows) found.set(key(entity, String(r.id)), names({ name: r.name }));
    });
  }

  await Promise.all(work);
  return (e) => found.get(key(e.entity, e.entityId)) ?? NO_NAMES;
}
