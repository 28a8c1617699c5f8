import { expect } from 'vitest';
import { AdminProductSchema, type ProductBody } from '#shared/catalogue/catalogue-staff.schemas.ts';
import type { staffHelpers } from '#tests/staff.ts';
import type { TestContext } from '#tests/test-app.ts';

const api = '/api/v1/admin/catalogue';
let seq = 0;

/** Categories, brands and products made through the staff API, for the catalogue staff tests. */
export function catalogueStaffFixture(
  getT: () => TestContext,
  call: ReturnType<typeof staffHelpers>['call'],
) {
  const t = {
    get app() {
      return getT().app;
    },
  };
  const unique = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

  async function newBrand(cookie: string) {
    const category = await call('POST', `${api}/categories`, cookie, {
      name: unique('Test Category'),
      group: 'Smoke Shop',
    });
    expect(category.statusCode).toBe(200);
    const brand = await call('POST', `${api}/brands`, cookie, {
      categoryId: category.json().id,
      name: unique('Test Brand'),
    });
    expect(brand.statusCode).toBe(200);
    return { categoryId: category.json().id as number, brandId: brand.json().id as number };
  }

  function productBody(brandId: number, overrides: Partial<ProductBody> = {}): ProductBody {
    return {
      brandId,
      name: unique('Cloud Bar'),
      sku: unique('CB').toUpperCase(),
      description: 'A disposable.',
      productCode: 'CB-1',
      priceCents: 1999,
      discountPriceCents: 1499,
      discountPercentage: 25,
      delivery: 'Ships in 1–2 days',
      highlights: ['5000 puffs', 'Rechargeable'],
      importantNotice: 'Adults only.',
      seller: 'Cloud Co',
      specifications: [{ title: 'Battery', details: '650 mAh' }],
      isNew: true,
      isHot: false,
      ...overrides,
    };
  }

  async function newProduct(cookie: string, stock = 10) {
    const { brandId } = await newBrand(cookie);
    const body = productBody(brandId);
    const variantSku = unique('V').toUpperCase();
    const res = await call('POST', `${api}/products`, cookie, {
      product: body,
      variants: [
        { name: 'Mango Ice', sku: variantSku, stock },
        { name: 'Blue Razz', sku: `${variantSku}-2`, stock },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = AdminProductSchema.parse(
      (await call('GET', `${api}/products/${res.json().id}`, cookie)).json(),
    );
    return { product, body, variantSku };
  }

  const storefront = (path: string) => t.app.inject({ method: 'GET', url: path });
  const detailOf = async (storefrontPath: string) =>
    storefront(storefrontPath.replace('/product?', '/api/v1/catalogue/product?'));

  return { newBrand, productBody, newProduct, storefront, detailOf, unique };
}
