/**
 * The companies migration (decision 015, "The test"): a store as the release at 0028_selling_unit
 * left it (tests/legacy-store.ts) is migrated to today's schema, and every buyer and the staff member
 * must then get the answers they got before, kept in companies-migration.golden.json. Fields may be
 * added to an answer; none may change or go. `UPDATE_GOLDEN=1` writes the file again: then
 * `npx biome format --write` it and review its diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGACY_MIGRATION,
  LEGACY_PEOPLE,
  LEGACY_PRODUCT_QUERY,
  type LegacyPerson,
  populateLegacyStore,
} from '#tests/legacy-store.ts';
import { createTestApp, openEmptyDatabase, type TestContext, testClock } from '#tests/test-app.ts';
import type { Database } from './client.ts';
import journal from './migrations/meta/_journal.json' with { type: 'json' };

const goldenFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'companies-migration.golden.json');

/** How many migrations the database has had. */
async function applied(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return row!.n;
}

/** How many rows each table of the public schema holds. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = row!.n;
  }
  return counts;
}

/**
 * What each person asks, as the storefront and the console do. The list is fixed here (not read
 * from today's constants), so that the answers of later releases are compared with the same questions.
 */
function requests(): { who: LegacyPerson | null; url: string }[] {
  const list: { who: LegacyPerson | null; url: string }[] = [];
  const product = `/catalogue/product?${LEGACY_PRODUCT_QUERY}`;
  const shipCheck = `/compliance/ship-check?${LEGACY_PRODUCT_QUERY}`;
  for (const who of LEGACY_PEOPLE) {
    const get = (url: string) => list.push({ who, url });
    get('/auth/session');
    get('/account/addresses');
    for (const tab of ['Orders', 'Cancelled', 'Delivered']) get(`/orders?tab=${tab}`);
    for (const number of who.orders) get(`/orders/${number}`);
    get('/cart');
    get('/cart?shipping=Pickup');
    for (const { state } of who.addresses) get(`/cart?state=${state}&shipping=Shiptoaddress`);
    get('/lists');
    for (const id of who.lists) get(`/lists/${id}`);
    get('/alerts');
    get('/compliance/my-state');
    get(shipCheck);
    for (const { zip } of who.addresses) get(`${shipCheck}&zip=${zip}`);
    get(product);
  }
  list.push({ who: null, url: product });
  const staff = LEGACY_PEOPLE.find((p) => p.key === 'staff')!;
  const admin = (url: string) => list.push({ who: staff, url: `/admin${url}` });
  admin('/verifications');
  admin('/audit');
  admin('/buyers');
  for (const p of LEGACY_PEOPLE) if (p !== staff) admin(`/buyers/${p.id}`);
  admin('/orders');
  for (const number of LEGACY_PEOPLE.flatMap((p) => p.orders)) admin(`/orders/${number}`);
  return list;
}

/** Each request's status and body, keyed by who asked and what. */
async function replay(t: TestContext): Promise<Record<string, { status: number; body: unknown }>> {
  const answers: Record<string, { status: number; body: unknown }> = {};
  for (const { who, url } of requests()) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: who ? { cookie: who.cookie } : {},
    });
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    answers[`${who?.key ?? 'anonymous'} GET ${url}`] = {
      status: res.statusCode,
      body: json ? res.json() : res.body,
    };
  }
  return answers;
}

describe('the companies migration', () => {
  const clock = testClock();
  let t: TestContext;
  let before: Record<string, number>;
  let after: Record<string, number>;
  const migrations = { legacy: 0, now: 0 };

  beforeAll(async () => {
    const empty = await openEmptyDatabase();
    try {
      await empty.database.migrate({ upTo: LEGACY_MIGRATION });
      migrations.legacy = await applied(empty.database);
      await populateLegacyStore(empty.database);
      before = await rowCounts(empty.database);
      await empty.database.migrate();
      after = await rowCounts(empty.database);
      migrations.now = await applied(empty.database);
    } catch (err) {
      await empty.drop();
      throw err;
    }
    t = await createTestApp({ clock, database: empty });
  });
  afterAll(async () => t?.close());

  it('starts from the legacy release and keeps every row of every table through the migration', () => {
    expect(migrations).toEqual({
      legacy: journal.entries.findIndex((e) => e.tag === LEGACY_MIGRATION) + 1,
      now: journal.entries.length,
    });
    expect(before.users).toBe(7);
    // Every table of the release before keeps its rows; the companies' tables are new.
    expect(Object.fromEntries(Object.keys(before).map((k) => [k, after[k]]))).toEqual(before);
    const buyers = LEGACY_PEOPLE.filter((p) => p.key !== 'staff').length;
    expect({
      companies: after.companies,
      members: after.company_members,
      groups: after.company_groups,
    }).toEqual({
      companies: buyers,
      members: buyers,
      groups: before.customer_group_members,
    });
  });

  it('makes each buyer the only member and owner of a company with their business, group and orders', async () => {
    const rows = await t.database.query<Record<string, unknown>>(
      `select u.id, u.role, m.role as member_role, c.business_name = u.business_name as same_name,
         c.phone = u.phone as same_phone, c.is_completed = u.is_completed as same_completed,
         (select count(*)::int from company_members x where x.company_id = c.id) as members,
         (select group_id from company_groups g where g.company_id = c.id) is not distinct from
           (select group_id from customer_group_members g where g.user_id = u.id) as same_group,
         (select count(*)::int from orders o where o.user_id = u.id and o.company_id is distinct from c.id) as orders_elsewhere
       from users u left join company_members m on m.user_id = u.id left join companies c on c.id = m.company_id
       order by u.email`,
    );
    for (const r of rows) {
      if (r.role === 'staff') {
        expect(r.member_role, 'staff have no company').toBeNull();
        continue;
      }
      expect(r).toMatchObject({
        member_role: 'owner',
        same_name: true,
        same_phone: true,
        same_completed: true,
        members: 1,
        same_group: true,
        orders_elsewhere: 0,
      });
    }
    const [staffOrders] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from orders o join users u on u.id = o.user_id where u.role = 'staff' and o.company_id is null",
    );
    expect(staffOrders!.n).toBe(1);
  });

  it('answers every buyer and the staff member as the release before did', async () => {
    const actual = await replay(t);
    // What the golden answers must say, whatever they are: each signed-in person is themselves,
    // the disabled buyer nobody, and the group member sees the group's price.
    for (const p of LEGACY_PEOPLE) {
      const user = (actual[`${p.key} GET /auth/session`]!.body as { user: { id: string } | null }).user;
      expect(user?.id ?? null, p.key).toBe(p.key === 'e' ? null : p.id);
    }
    const yourPrices = (key: string) =>
      (
        actual[`${key} GET /catalogue/product?${LEGACY_PRODUCT_QUERY}`]!.body as {
          variants: { yourPrice?: { unitPriceCents: number } }[];
        }
      ).variants.map((v) => v.yourPrice?.unitPriceCents);
    expect(yourPrices('c')).toEqual([1150, 1225, 1225]);
    expect(yourPrices('anonymous')).toEqual([undefined, undefined, undefined]);

    if (process.env.UPDATE_GOLDEN) {
      writeFileSync(goldenFile, `${JSON.stringify(actual, null, 2)}\n`);
      return;
    }
    if (!existsSync(goldenFile))
      throw new Error(`no golden answers: run with UPDATE_GOLDEN=1 to write ${goldenFile}`);
    const golden = JSON.parse(readFileSync(goldenFile, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(actual).sort()).toEqual(Object.keys(golden).sort());
    expect(actual).toMatchObject(golden);
  });
});
