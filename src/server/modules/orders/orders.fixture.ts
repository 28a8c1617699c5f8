import { randomUUID } from 'node:crypto';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import type { TestContext } from '#tests/test-app.ts';

/** Buyers, variants with a known stock and price, carts and order bodies for the orders tests. */
export function ordersFixture(getT: () => TestContext) {
  const t = {
    get app() {
      return getT().app;
    },
    get database() {
      return getT().database;
    },
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const shipping = {
    name: 'Dana Buyer',
    businessName: 'Corner Shop',
    address: '1 Main St',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75201',
  };
  const orderBody = (over: Record<string, unknown> = {}) => ({
    shippingDetails: shipping,
    shippingType: 'Pickup',
    comments: '',
    idempotencyKey: randomUUID(),
    ...over,
  });

  /**
   * A buyer with a verified email; `documents` verifies both documents, `licence` gives a verified
   * tobacco license issued by that state (alone it does not lift the unverified cap).
   */
  async function verifiedBuyer(opts: { documents?: boolean; licence?: string } = {}) {
    const b = await signUpBuyer(t.app);
    await t.database.query('update users set email_verified_at = now() where id = $1', [b.user.id]);
    const kinds = opts.documents ? ['sales_id', 'tobacco_license'] : opts.licence ? ['tobacco_license'] : [];
    for (const kind of kinds) {
      await t.database.query(
        `insert into documents (user_id, kind, storage_key, original_name, content_type, size, md5, status, issuing_state)
         values ($1, $2, $3, 'x.pdf', 'application/pdf', 1, 'x', 'verified', $4)`,
        [
          b.user.id,
          kind,
          `documents/${b.user.id}/${randomUUID()}`,
          kind === 'tobacco_license' ? (opts.licence ?? null) : null,
        ],
      );
    }
    return b;
  }

  const usedProducts = new Set<number>();

  /** A variant with a known stock and price (cheap enough to stay under the unverified cap). */
  async function variantWith(stock: number, priceCents = 1000, compliance: Record<string, unknown> = {}) {
    // One variant per product, never one used before, so setting its product's price touches nothing else.
    const [v] = await t.database.query<{ id: number; sku: string; product_id: number }>(
      'select id, sku, product_id from variants where not (product_id = any($1::int[])) order by random() limit 1',
      [[...usedProducts]],
    );
    usedProducts.add(v!.product_id);
    await t.database.query("update variants set stock = $1, compliance = '{}'::jsonb where id = $2", [
      stock,
      v!.id,
    ]);
    await t.database.query(
      `update products set price_cents = $1, discount_price_cents = null, discount_percentage = null,
         compliance = $3::jsonb where id = $2`,
      [priceCents, v!.product_id, JSON.stringify({ kind: 'accessory', ...compliance })],
    );
    await t.app.catalogue.changed();
    return v!;
  }
  /** The storefront's product page (API) of a product, and its name. */
  async function productPage(productId: number): Promise<{ url: string; name: string }> {
    const [p] = await t.database.query<{ c: string; b: string; p: string; name: string }>(
      `select c.slug as c, b.slug as b, p.slug as p, p.name from products p join brands b on b.id = p.brand_id
       join categories c on c.id = b.category_id where p.id = $1`,
      [productId],
    );
    return {
      url: `/api/v1/catalogue/product?categoryId=${p!.c}&brandId=${p!.b}&subBrandId=${p!.p}`,
      name: p!.name,
    };
  }
  const stockOf = async (id: number) =>
    (await t.database.query<{ stock: number }>('select stock from variants where id = $1', [id]))[0]!.stock;
  const cartOf = async (userId: string) =>
    t.database.query<{ variant_id: number; quantity: number }>(
      'select variant_id, quantity from cart_items where user_id = $1',
      [userId],
    );
  const add = (cookie: string, sku: string, quantity: number) =>
    call('POST', '/api/v1/cart/items', cookie, { items: [{ variantId: sku, quantity }] });

  return { call, shipping, orderBody, verifiedBuyer, variantWith, productPage, stockOf, cartOf, add };
}
