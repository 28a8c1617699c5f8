import { describe, expect, it } from 'vitest';
import { ProductBodySchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { ShipCheckResponseSchema, TaxRatesResponseSchema } from '#shared/compliance/compliance.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/compliance';

async function someVape() {
  const [row] = await t.database.query<{ id: number; c: string; b: string; p: string }>(
    `select p.id, c.slug as c, b.slug as b, p.slug as p from products p join brands b on b.id = p.brand_id
      join categories c on c.id = b.category_id where not p.hidden order by p.id limit 1`,
  );
  await t.database.query(`update products set compliance = '{"kind":"ends_device"}'::jsonb where id = $1`, [
    row!.id,
  ]);
  await t.app.catalogue.changed();
  return { id: row!.id, query: `categoryId=${row!.c}&brandId=${row!.b}&subBrandId=${row!.p}` };
}

const rule = {
  name: 'Test rule',
  states: ['NV'],
  condition: { kinds: ['kratom'] },
  effect: 'no_sale',
  effectiveFrom: '2026-01-01',
  effectiveUntil: null,
  source: 'Test source',
};

describe('compliance for staff', () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', `${api}/rules`],
        ['POST', `${api}/rules`],
        ['PUT', `${api}/rules/1`],
        ['POST', `${api}/rules/1/retire`],
        ['GET', `${api}/rates`],
        ['POST', `${api}/rates`],
        ['PUT', `${api}/rates/1`],
        ['GET', `${api}/listings?productId=1`],
        ['PUT', `${api}/listings`],
      ],
      buyer.cookie,
    );
  });

  it('rules: added, changed and retired, each audited; bad input is a 400 that changes nothing', async () => {
    const staff = await staffWithTotp();
    const before = (await call('GET', `${api}/rules`, staff.cookie)).json().rules.length;
    const added = await call('POST', `${api}/rules`, staff.cookie, rule);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const changed = await call('PUT', `${api}/rules/${id}`, staff.cookie, { ...rule, states: ['NV', 'UT'] });
    expect(changed.statusCode).toBe(200);
    expect((await call('POST', `${api}/rules/${id}/retire`, staff.cookie)).statusCode).toBe(200);
    const rules = (await call('GET', `${api}/rules`, staff.cookie)).json().rules;
    expect(rules).toHaveLength(before + 1);
    expect(rules.find((r: { id: number }) => r.id === id)).toMatchObject({
      states: ['NV', 'UT'],
      retired: true,
    });
    const actions = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'compliance_rule' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'compliance.rule_added',
      'compliance.rule_changed',
      'compliance.rule_retired',
    ]);
    for (const bad of [
      { ...rule, states: ['XX'] },
      { ...rule, effect: 'maybe' },
      { ...rule, effectiveUntil: '2025-01-01' },
      { ...rule, source: '' },
      { ...rule, name: 'a\u0000b' },
    ]) {
      const res = await call('POST', `${api}/rules`, staff.cookie, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('GET', `${api}/rules`, staff.cookie)).json().rules).toHaveLength(before + 1);
    expect((await call('PUT', `${api}/rules/999999`, staff.cookie, rule)).statusCode).toBe(404);
    expect((await call('POST', `${api}/rules/2147483648/retire`, staff.cookie)).statusCode).toBe(400);
  });

  it('a directory listing lets a product ship to a directory-only state, at once', async () => {
    const staff = await staffWithTotp();
    const vape = await someVape();
    const check = async () =>
      ShipCheckResponseSchema.parse(
        (await call('GET', `/api/v1/compliance/ship-check?${vape.query}&zip=35203`)).json(),
      );
    const blocked = await check();
    expect(blocked.state).toBe('AL');
    expect(blocked.options[0]!.blocks.map((b) => b.effect)).toEqual(['directory_only']);
    const listed = await call('PUT', `${api}/listings`, staff.cookie, {
      productId: vape.id,
      state: 'AL',
      listed: true,
      listingId: 'AL-123',
      listedOn: '2026-02-01',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await check()).options[0]!.blocks).toEqual([]);
    const entries = (await call('GET', `${api}/listings?productId=${vape.id}`, staff.cookie)).json().listings;
    expect(entries).toEqual([
      { productId: vape.id, state: 'AL', listed: true, listingId: 'AL-123', listedOn: '2026-02-01' },
    ]);
    const struck = await call('PUT', `${api}/listings`, staff.cookie, {
      productId: vape.id,
      state: 'AL',
      listed: false,
    });
    expect(struck.statusCode).toBe(200);
    expect((await check()).options[0]!.blocks.map((b) => b.effect)).toEqual(['directory_only']);
    const missing = await call('PUT', `${api}/listings`, staff.cookie, {
      productId: 2_000_000_000,
      state: 'AL',
      listed: true,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a product's compliance attributes are edited with the product, audited, and judged at once", async () => {
    const staff = await staffWithTotp();
    const vape = await someVape();
    const admin = (await call('GET', `/api/v1/admin/catalogue/products/${vape.id}`, staff.cookie)).json();
    expect(admin.compliance).toMatchObject({ kind: 'ends_device', flavoured: false });
    const body = ProductBodySchema.parse({ ...admin, compliance: { ...admin.compliance, flavoured: true } });
    const saved = await call('PUT', `/api/v1/admin/catalogue/products/${vape.id}`, staff.cookie, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const check = ShipCheckResponseSchema.parse(
      (await call('GET', `/api/v1/compliance/ship-check?${vape.query}&zip=02108`)).json(),
    );
    expect(check.options.every((o) => o.blocks.some((b) => b.effect === 'no_sale'))).toBe(
      check.options.length > 0,
    );
    const bad = await call('PUT', `/api/v1/admin/catalogue/products/${vape.id}`, staff.cookie, {
      ...body,
      compliance: { ...body.compliance, kind: 'cigar' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('rates: a new one shows on the State Tax Rates page at once', async () => {
    const staff = await staffWithTotp();
    const res = await call('POST', `${api}/rates`, staff.cookie, {
      state: 'NV',
      name: 'Nevada other tobacco products tax',
      kinds: ['ends_device', 'e_liquid'],
      basis: 'percent_wholesale',
      rateMilli: 30_000,
      effectiveFrom: '2026-01-01',
      effectiveUntil: null,
      collects: false,
      source: 'NRS 370.450',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = TaxRatesResponseSchema.parse((await call('GET', '/api/v1/compliance/tax-rates')).json());
    expect(page.rates.find((r) => r.state === 'NV')).toMatchObject({
      rate: '30% of the wholesale price',
      collects: false,
    });
  });
});
