import { describe, expect, it } from 'vitest';
import { StoreSettingsFormSchema } from '#shared/store/settings-staff.schemas.ts';
import { catalogueFormMessages } from './catalogue.messages.ts';
import {
  BannerFormSchema,
  BrandFormSchema,
  CategoryFormSchema,
  ProductEditorFormSchema,
  VariantFormSchema,
} from './catalogue-forms.ts';
import { ProductBodySchema } from './catalogue-staff.schemas.ts';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

/** The case pack boxes as a new option shows them: one by one, no maximum. */
const oneByOne = { minQuantity: '1', orderIncrement: '1', maxQuantity: '' };

describe('console forms: typed text becomes the API body, checked by the body schema', () => {
  it('category: empty group is none, order typed as text', () => {
    expect(CategoryFormSchema.parse({ name: ' Vapes ', group: '', position: ' 7 ' })).toEqual({
      name: 'Vapes',
      group: null,
      position: 7,
    });
    expect(CategoryFormSchema.parse({ name: 'x', group: 'Smoke Shop', position: '' }).position).toBe(0);
    expect(messages(CategoryFormSchema.safeParse({ name: '', group: 'Nope', position: '-1' }))).toEqual([
      ['name', 'Enter a name.'],
      ['group', expect.any(String)],
      ['position', 'Enter the order as a whole number from 0 to 100000.'],
    ]);
  });

  it('brand: the category select is an id; an id past int4 is refused', () => {
    expect(BrandFormSchema.parse({ categoryId: '3', name: 'Geek', logo: null, position: '0' })).toMatchObject(
      {
        categoryId: 3,
      },
    );
    expect(BrandFormSchema.safeParse({ categoryId: '2147483648', name: 'G', position: '0' }).success).toBe(
      false,
    );
  });

  it('option: stock is a whole number, 1.5 and 1e3 are not', () => {
    const base = { name: 'Mango', sku: 'MANGO-1', image: null, position: 0, ...oneByOne };
    expect(VariantFormSchema.parse({ ...base, stock: '12' }).stock).toBe(12);
    for (const stock of ['1.5', '1e3', '-2', 'ten'])
      expect(messages(VariantFormSchema.safeParse({ ...base, stock }))).toEqual([
        ['stock', 'Enter the stock as a whole number from 0.'],
      ]);
  });

  it('option: a case pack is whole cases from the minimum, the maximum optional', () => {
    const base = { name: 'Mango', sku: 'MANGO-1', image: null, position: 0, stock: '50' };
    const parsed = VariantFormSchema.parse({
      ...base,
      minQuantity: '20',
      orderIncrement: '10',
      maxQuantity: ' 100 ',
    });
    expect([parsed.minQuantity, parsed.orderIncrement, parsed.maxQuantity]).toEqual([20, 10, 100]);
    expect(VariantFormSchema.parse({ ...base, ...oneByOne }).maxQuantity).toBeNull();
    const refused = (case_: Record<string, string>) =>
      messages(VariantFormSchema.safeParse({ ...base, ...case_ }));
    expect(refused({ minQuantity: '15', orderIncrement: '10', maxQuantity: '' })).toEqual([
      ['minQuantity', 'The minimum must be a whole number of cases.'],
    ]);
    expect(refused({ minQuantity: '20', orderIncrement: '10', maxQuantity: '15' })).toEqual([
      ['maxQuantity', 'The maximum must be at least the minimum, in whole cases.'],
    ]);
    expect(refused({ minQuantity: '0', orderIncrement: '1.5', maxQuantity: 'x' })).toEqual([
      ['minQuantity', 'Enter a whole number of 1 or more.'],
      ['orderIncrement', 'Enter a whole number of 1 or more.'],
      ['maxQuantity', 'Enter a whole number of 1 or more.'],
    ]);
  });

  it('option: the maximum is typed as plain digits; 1e3, +100, 5x and x5 are refused', () => {
    const base = { name: 'Mango', sku: 'MANGO-1', image: null, position: 0, stock: '50', ...oneByOne };
    // The form shows a box's first message, so that is the one to be about the typing.
    for (const maxQuantity of ['1e3', '+100', '5x', 'x5'])
      expect(messages(VariantFormSchema.safeParse({ ...base, maxQuantity }))[0]).toEqual([
        'maxQuantity',
        catalogueFormMessages.casePack,
      ]);
  });

  it('banner: an uploaded picture is kept as it is', () => {
    const image = { url: '/media/sale.webp', alt: 'Sale', width: 1600, height: 500 };
    expect(BannerFormSchema.parse({ slot: 'main', title: 'Sale', href: '/', image }).image).toEqual(image);
  });

  it('banner: no picture yet says to upload it', () => {
    expect(
      messages(BannerFormSchema.safeParse({ slot: 'main', title: 'Sale', href: '/', image: null })),
    ).toEqual([['image', 'Upload the banner picture first.']]);
  });

  it('settings: amounts as text, blank social rows dropped, a half-filled one checked', () => {
    const base = {
      shortName: 'Smoke',
      contact: { phone: '1', email: 'a@b.co', address: 'x', hours: 'y' },
      pickupAddress: 'z',
      deliveryFeeCents: '$20',
      unverifiedCapCents: '1500.50',
    };
    const ok = StoreSettingsFormSchema.parse({
      ...base,
      social: [
        { name: ' ', url: '' },
        { name: 'X', url: 'https://x.example' },
      ],
    });
    expect(ok).toMatchObject({ deliveryFeeCents: 2000, unverifiedCapCents: 150050 });
    expect(ok.social).toEqual([{ name: 'X', url: 'https://x.example' }]);
    expect(
      messages(
        StoreSettingsFormSchema.safeParse({
          ...base,
          deliveryFeeCents: '20.001',
          social: [{ name: 'X', url: 'http://x.example' }],
        }),
      ),
    ).toEqual([
      ['social.0.url', 'Social links must be https:// addresses.'],
      ['deliveryFeeCents', 'Enter the delivery fee and the cap as amounts like 20.00.'],
    ]);
  });

  describe('product editor', () => {
    const product = {
      brandId: '4',
      name: ' Geek Bar Pulse ',
      slug: '',
      sku: 'GB-PULSE',
      productCode: '',
      description: '',
      priceCents: '$12.50',
      discountPriceCents: '',
      discountPercentage: '',
      rating: '4.5',
      delivery: '',
      highlights: 'Long lasting\n\n  15,000 puffs  \n',
      importantNotice: '',
      seller: '',
      specifications: [
        { title: 'Battery', details: '650 mAh' },
        { title: '  ', details: 'dropped: no title' },
      ],
      images: [],
      specImages: [],
      isNew: true,
      isHot: false,
      hidden: false,
      compliance: {
        kind: 'ends_device' as const,
        flavoured: true,
        nicotineMgPerMl: '50',
        liquidMlPerUnit: ' 13.5 ',
        cartridgesPerUnit: '',
        cannabinoid: '',
        thcMgPerContainer: '',
        synthesised: false,
      },
    };

    it('turns the text boxes into the body the server takes, which its own schema accepts', () => {
      const out = ProductEditorFormSchema.parse({ product });
      expect(out.product).toMatchObject({
        brandId: 4,
        name: 'Geek Bar Pulse',
        priceCents: 1250,
        discountPriceCents: null,
        discountPercentage: null,
        rating: 4.5,
        highlights: ['Long lasting', '15,000 puffs'],
        specifications: [{ title: 'Battery', details: '650 mAh' }],
        compliance: {
          kind: 'ends_device',
          flavoured: true,
          nicotineMgPerMl: 50,
          liquidMlPerUnit: 13.5,
          cartridgesPerUnit: null,
          cannabinoid: null,
          thcMgPerContainer: null,
          synthesised: false,
        },
      });
      expect(out.product.slug).toBeUndefined();
      expect(out.variants).toBeUndefined();
      expect(ProductBodySchema.parse(out.product)).toEqual(out.product);
    });

    it('a typed web address (slug) is kept, spaces around it trimmed; a blank one is left to the server', () => {
      expect(
        ProductEditorFormSchema.parse({ product: { ...product, slug: ' geek-bar-pulse ' } }).product.slug,
      ).toBe('geek-bar-pulse');
      expect(
        ProductEditorFormSchema.parse({ product: { ...product, slug: '   ' } }).product.slug,
      ).toBeUndefined();
    });

    it('says what to type in each box, under that box', () => {
      const bad = {
        ...product,
        brandId: '',
        priceCents: '12,5x',
        discountPriceCents: 'nine',
        discountPercentage: '101',
        rating: '6',
      };
      expect(messages(ProductEditorFormSchema.safeParse({ product: bad }))).toEqual([
        ['product.brandId', 'Choose a brand.'],
        ['product.rating', 'The rating is a number from 0 to 5.'],
        ['product.priceCents', 'Enter the price as an amount like 12.50.'],
        ['product.discountPriceCents', 'Enter the discount price as an amount like 9.99, or leave it empty.'],
        ['product.discountPercentage', 'The discount percentage is a number from 0 to 100.'],
      ]);
    });

    it('compliance figures: empty is unknown, a fraction of a cartridge is not a figure', () => {
      const bad = {
        ...product,
        compliance: { ...product.compliance, cartridgesPerUnit: '1.5', thcMgPerContainer: 'lots' },
      };
      expect(messages(ProductEditorFormSchema.safeParse({ product: bad }))).toEqual([
        ['product.compliance.cartridgesPerUnit', 'Enter a whole number, or leave it empty.'],
        ['product.compliance.thcMgPerContainer', 'Enter a number, or leave it empty.'],
      ]);
    });

    it('applies the discount rule of the server: both or neither, and below the price', () => {
      const half = { ...product, discountPriceCents: '9.99' };
      expect(messages(ProductEditorFormSchema.safeParse({ product: half }))).toEqual([
        ['product.discountPriceCents', 'Give both a discount price and a discount percentage, or neither.'],
      ]);
      const above = { ...product, discountPriceCents: '13', discountPercentage: '10' };
      expect(messages(ProductEditorFormSchema.safeParse({ product: above }))).toEqual([
        ['product.discountPriceCents', 'The discount price must be below the price.'],
      ]);
    });

    it('a new product carries its first option, checked like any option', () => {
      const out = ProductEditorFormSchema.parse({
        product,
        variants: [{ name: 'Mango', sku: 'GB-MANGO', stock: ' 12 ', ...oneByOne }],
      });
      expect(out.variants).toEqual([
        {
          name: 'Mango',
          sku: 'GB-MANGO',
          stock: 12,
          image: null,
          position: 0,
          minQuantity: 1,
          orderIncrement: 1,
          maxQuantity: null,
        },
      ]);
      expect(
        messages(
          ProductEditorFormSchema.safeParse({
            product,
            variants: [{ name: '', sku: 'a b', stock: '1.5', ...oneByOne }],
          }),
        ),
      ).toEqual([
        ['variants.0.name', 'Enter a name.'],
        ['variants.0.sku', 'A SKU is 1 to 60 letters, digits, dots, dashes or underscores.'],
        ['variants.0.stock', 'Enter the stock as a whole number from 0.'],
      ]);
    });
  });
});
