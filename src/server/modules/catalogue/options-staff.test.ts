import { describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { AdminCatalogueTreeSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { catalogueStaffFixture } from './catalogue-staff.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/catalogue';
const { newProduct, detailOf } = catalogueStaffFixture(() => t, call);

describe('catalogue management: options, and what a delete may not break', () => {
  it('options: stock edits cap carts, the last option stays, categories and brands with children stay', async () => {
    const staff = await staffWithTotp();
    const { product, variantSku } = await newProduct(staff.cookie);
    const buyer = await signUpBuyer(t.app);
    await call('POST', '/api/v1/cart/items', buyer.cookie, {
      items: [{ variantId: variantSku, quantity: 8 }],
    });
    const [first, second] = product.variants;
    const edit = await call('PUT', `${api}/products/${product.id}/variants/${first!.id}`, staff.cookie, {
      name: 'Mango Ice (new)',
      sku: first!.sku,
      stock: 3,
      position: 0,
    });
    expect(edit.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/cart', buyer.cookie)).json().items[0]).toMatchObject({
      quantity: 3,
      stock: 3,
    });
    const detail = ProductDetailSchema.parse((await detailOf(product.storefrontPath)).json());
    expect(detail.variants[0]).toMatchObject({ name: 'Mango Ice (new)', stock: 3 });

    // Out of stock: the line leaves the cart (a cart line is at least 1).
    const soldOut = await call('PUT', `${api}/products/${product.id}/variants/${first!.id}`, staff.cookie, {
      name: 'Mango Ice (new)',
      sku: first!.sku,
      stock: 0,
      position: 0,
    });
    expect(soldOut.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/cart', buyer.cookie)).json().items).toEqual([]);
    expect(
      (await call('DELETE', `${api}/products/${product.id}/variants/${second!.id}`, staff.cookie)).statusCode,
    ).toBe(200);
    const last = await call('DELETE', `${api}/products/${product.id}/variants/${first!.id}`, staff.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('A product needs at least one option.');

    const tree = AdminCatalogueTreeSchema.parse((await call('GET', `${api}/tree`, staff.cookie)).json());
    const category = tree.categories.find((c) => c.name === product.categoryName)!;
    expect((await call('DELETE', `${api}/categories/${category.id}`, staff.cookie)).json().message).toBe(
      'This category still has brands: move or delete them first.',
    );
    expect((await call('DELETE', `${api}/brands/${product.brandId}`, staff.cookie)).json().message).toBe(
      'This brand still has products: move or delete them first.',
    );
    // Renaming the brand renames it in the storefront and its products' search keys.
    const renamed = await call('PUT', `${api}/brands/${product.brandId}`, staff.cookie, {
      categoryId: category.id,
      name: 'Zephyrine Vapors',
      slug: category.brands[0]!.slug,
    });
    expect(renamed.statusCode).toBe(200);
    const search_key = (
      await t.database.query<{ search_key: string }>('select search_key from products where id = $1', [
        product.id,
      ])
    )[0]!.search_key;
    expect(search_key).toContain('zephyrinevapors');
    expect(ProductDetailSchema.parse((await detailOf(product.storefrontPath)).json()).brandName).toBe(
      'Zephyrine Vapors',
    );
    const actions = async (entity: string, id: number) =>
      AuditListSchema.parse(
        (await call('GET', `/api/v1/admin/audit?entity=${entity}&entityId=${id}`, staff.cookie)).json(),
      ).entries.map((e) => e.action);
    expect(await actions('variant', first!.id)).toEqual(['variant.updated', 'variant.updated']);
    expect(await actions('variant', second!.id)).toEqual(['variant.deleted']);
    expect(await actions('brand', product.brandId)).toEqual(['brand.updated', 'brand.created']);
    expect(await actions('category', category.id)).toEqual(['category.created']);
  });
});
