import { describe, expect, it } from 'vitest';
import { StoreSettingsFormSchema } from '#shared/store/settings-staff.schemas.ts';
import {
  BannerFormSchema,
  BrandFormSchema,
  CategoryFormSchema,
  VariantFormSchema,
} from './catalogue-forms.ts';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

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
    const base = { name: 'Mango', sku: 'MANGO-1', image: null, position: 0 };
    expect(VariantFormSchema.parse({ ...base, stock: '12' }).stock).toBe(12);
    for (const stock of ['1.5', '1e3', '-2', 'ten'])
      expect(messages(VariantFormSchema.safeParse({ ...base, stock }))).toEqual([
        ['stock', 'Enter the stock as a whole number from 0.'],
      ]);
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
});
