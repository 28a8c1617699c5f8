import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { companiesFixture } from '#server/modules/companies/companies.fixture.ts';
import { DeskDraftSchema } from '#shared/orders/desk.schemas.ts';
import type { Tier } from '#shared/pricing/price-resolution.ts';
import { staffHelpers } from '#tests/staff.ts';
import type { TestContext } from '#tests/test-app.ts';

export const ADMIN = '/api/v1/admin';

/**
 * The order desk's tests (decision 016, part 2): companies with locations in chosen states and
 * their licenses, customer groups with prices, staff of each role, and the desk's calls.
 */
export function deskFixture(getT: () => TestContext, clock: () => Date) {
  const t = () => getT();
  const f = companiesFixture(getT);
  const staff = staffHelpers(getT, clock);
  const call = staff.call;

  /**
   * A location of the company in a state, with (`licence`) a verified tobacco license of that
   * state and a verified Sales ID of its own; its id.
   */
  async function location(companyId: string, state: string, opts: { licence?: boolean; name?: string } = {}) {
    const [owner] = await t().database.query<{ user_id: string }>(
      "select user_id from company_members where company_id = $1 and role = 'owner' limit 1",
      [companyId],
    );
    const [row] = await t().database.query<{ id: string }>(
      `insert into addresses (user_id, company_id, name, street_address, city, state, zip_code, is_default)
       values ($1, $2, $3, '9 Shop Row', 'Springfield', $4, '12345',
         not exists (select 1 from addresses where company_id = $2 and is_default)) returning id`,
      [owner!.user_id, companyId, opts.name ?? `${state} shop`, state],
    );
    if (opts.licence)
      for (const kind of ['sales_id', 'tobacco_license'])
        await t().database.query(
          `insert into documents (uploaded_by, company_id, location_id, kind, storage_key, original_name, content_type, size, md5, status, issuing_state)
           values ($1, $2, $3, $4, $5, 'x.pdf', 'application/pdf', 1, 'x', 'verified', $6)`,
          [
            owner!.user_id,
            companyId,
            row!.id,
            kind,
            `documents/${companyId}/${randomUUID()}`,
            kind === 'tobacco_license' ? state : null,
          ],
        );
    return row!.id;
  }

  /** A customer group for the company with a price list entry: a variant's price with tiers, or % off its brand. */
  async function group(
    companyId: string,
    variantId: number,
    entry: { priceCents: number; tiers?: readonly Tier[] } | { basisPoints: number },
  ) {
    const [g] = await t().database.query<{ id: number }>(
      'insert into customer_groups (name) values ($1) returning id',
      [`Group ${randomUUID().slice(0, 8)}`],
    );
    // A percentage off is a brand's (or a category's): the option's brand.
    const [brand] = await t().database.query<{ id: number }>(
      'select p.brand_id as id from variants v join products p on p.id = v.product_id where v.id = $1',
      [variantId],
    );
    await t().database.query(
      `insert into price_list_entries (group_id, scope, target_id, price_cents, basis_points, tiers)
       values ($1, $2, $3, $4, $5, $6::jsonb)`,
      [
        g!.id,
        'basisPoints' in entry ? 'brand' : 'variant',
        'basisPoints' in entry ? brand!.id : variantId,
        'priceCents' in entry ? entry.priceCents : null,
        'basisPoints' in entry ? entry.basisPoints : null,
        JSON.stringify('tiers' in entry ? (entry.tiers ?? []) : []),
      ],
    );
    await t().database.query('insert into company_groups (company_id, group_id) values ($1, $2)', [
      companyId,
      g!.id,
    ]);
    await t().app.pricing.changed();
    return g!.id;
  }

  /** A vape option (flavoured e-liquid, 10 ml) with a stock and price: licenses, bans and excise apply. */
  const vape = (stock: number, priceCents = 1000) =>
    f.variantWith(stock, priceCents, { kind: 'e_liquid', flavoured: true, liquidMlPerUnit: 10 });

  const desk = deskCalls(call);

  /** The draft's details set (the version it is at now), answering the draft. */
  async function setDetails(cookie: string, companyId: string, over: Record<string, unknown>) {
    const now = await desk.get(cookie, companyId);
    const res = await desk.details(cookie, companyId, {
      version: now.version,
      locationId: now.locationId,
      shippingType: now.shippingType,
      feeCents: null,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return DeskDraftSchema.parse(res.json());
  }

  /** Places the draft as the page would: its version, location and total; the answer. */
  async function placeAsShown(cookie: string, companyId: string, key = randomUUID()) {
    const shown = await desk.get(cookie, companyId);
    return desk.place(cookie, companyId, {
      version: shown.version,
      locationId: shown.locationId,
      expectedTotalCents: shown.totalCents,
      idempotencyKey: key,
    });
  }

  return { f, ...staff, location, group, vape, desk, setDetails, placeAsShown };
}

/** The desk's routes, called as a staff member. */
function deskCalls(call: ReturnType<typeof staffHelpers>['call']) {
  return {
    get: async (cookie: string, companyId: string) => {
      const res = await call('GET', `${ADMIN}/desk/${companyId}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return DeskDraftSchema.parse(res.json());
    },
    line: (cookie: string, companyId: string, sku: string, quantity: number) =>
      call('PUT', `${ADMIN}/desk/${companyId}/lines`, cookie, { sku, quantity }),
    details: (cookie: string, companyId: string, body: Record<string, unknown>) =>
      call('PUT', `${ADMIN}/desk/${companyId}`, cookie, body),
    paste: (cookie: string, companyId: string, text: string) =>
      call('POST', `${ADMIN}/desk/${companyId}/paste`, cookie, { text }),
    search: (cookie: string, companyId: string, q: string) =>
      call('GET', `${ADMIN}/desk/${companyId}/search?q=${encodeURIComponent(q)}`, cookie),
    place: (cookie: string, companyId: string, body: Record<string, unknown>) =>
      call('POST', `${ADMIN}/desk/${companyId}/place`, cookie, body),
  };
}
