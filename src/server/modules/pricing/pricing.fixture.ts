import { expect } from 'vitest';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { staffHelpers } from '#tests/staff.ts';
import type { TestContext } from '#tests/test-app.ts';

export const PRICING_API = '/api/v1/admin/pricing';

/** Customer groups, price lists and grouped buyers for the pricing tests, made through the console's API. */
export function pricingFixture(getT: () => TestContext, clock: () => Date) {
  const staff = staffHelpers(getT, clock);
  const orders = ordersFixture(getT);
  let admin: Promise<{ cookie: string }> | null = null;
  const staffCookie = async () => {
    admin = admin ?? staff.staffWithTotp();
    return (await admin).cookie;
  };
  let groups = 0;

  async function group(name = `Chain ${++groups}-${Date.now()}`) {
    const res = await staff.call('POST', `${PRICING_API}/groups`, await staffCookie(), { name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }
  async function entry(groupId: number, body: Record<string, unknown>) {
    const res = await staff.call(
      'PUT',
      `${PRICING_API}/groups/${groupId}/entries`,
      await staffCookie(),
      body,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }
  async function join(userId: string, groupId: number | null) {
    const res = await staff.call('PUT', `${PRICING_API}/buyers/${userId}/group`, await staffCookie(), {
      groupId,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** Where an option sits in the storefront, and its product's SKU. */
  async function whereIs(variantId: number) {
    const [row] = await getT().database.query<{
      c: string;
      b: string;
      p: string;
      name: string;
      product_sku: string;
      brand: string;
    }>(
      `select c.slug as c, b.slug as b, p.slug as p, p.name, p.sku as product_sku, c.slug || '/' || b.slug as brand
         from variants v join products p on p.id = v.product_id join brands b on b.id = p.brand_id
         join categories c on c.id = b.category_id where v.id = $1`,
      [variantId],
    );
    return { ...row!, query: `categoryId=${row!.c}&brandId=${row!.b}&subBrandId=${row!.p}` };
  }
  return {
    ...orders,
    staffCall: staff.call,
    staffWithTotp: staff.staffWithTotp,
    expectStaffOnly: staff.expectStaffOnly,
    staffCookie,
    group,
    entry,
    join,
    whereIs,
  };
}
