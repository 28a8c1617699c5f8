import { describe, expect, it } from 'vitest';
import { catalogueCsvRow } from './catalogue-csv.fixture.ts';
import { CatalogueCsvRowSchema, productFieldsOf } from './catalogue-csv.ts';

// The fixture's row with what these tests read: an empty rating, flags spelt as people type them,
// highlights and specifications to split.
const row = (over: Record<string, string> = {}) =>
  catalogueCsvRow({
    rating: '',
    is_new: 'yes',
    is_hot: '',
    delivery: 'Ships in 1–2 days',
    highlights: ' 5000 puffs | Rechargeable | ',
    specifications: 'Battery: 650 mAh | Nicotine',
    ...over,
  });
const messageOf = (over: Record<string, string>) =>
  CatalogueCsvRowSchema.safeParse(row(over)).error?.issues[0]?.message;

describe('catalogue CSV row', () => {
  it('reads amounts, flags, lists and specifications', () => {
    const parsed = CatalogueCsvRowSchema.parse(row());
    expect(parsed).toMatchObject({
      price: 1250,
      discount_price: null,
      discount_percentage: null,
      rating: 5,
      is_new: true,
      is_hot: false,
      hidden: false,
      highlights: ['5000 puffs', 'Rechargeable'],
      specifications: [
        { title: 'Battery', details: '650 mAh' },
        { title: 'Nicotine', details: '' },
      ],
      stock: 40,
    });
    expect(CatalogueCsvRowSchema.parse(row({ price: '$1299.99' })).price).toBe(129_999);
    expect(CatalogueCsvRowSchema.parse(row({ price: '0.29' })).price).toBe(29);
  });

  it('says what is wrong with a cell', () => {
    expect(messageOf({ price: 'twelve' })).toBe('Price must be an amount like 12.50.');
    expect(messageOf({ price: '1,299.99' })).toBe('Price must be an amount like 12.50.');
    expect(messageOf({ price: '12.505' })).toBe('Price must be an amount like 12.50.');
    expect(messageOf({ stock: '-1' })).toBe('Stock must be a whole number, 0 or more.');
    expect(messageOf({ stock: '1.5' })).toBe('Stock must be a whole number, 0 or more.');
    expect(messageOf({ is_new: 'maybe' })).toBe('is_new must be true or false.');
    expect(messageOf({ rating: '6' })).toBeDefined();
    expect(messageOf({ category: ' ' })).toBe('Category is required.');
    expect(messageOf({ category_group: 'Kitchen' })).toBe(
      'Category group must be empty or Vape Hardware or Smoke Shop.',
    );
  });

  it('checks the product fields with the console form’s rules', () => {
    const ok = productFieldsOf(CatalogueCsvRowSchema.parse(row()));
    expect(ok.success).toBe(true);
    const discountAbove = productFieldsOf(
      CatalogueCsvRowSchema.parse(row({ discount_price: '20.00', discount_percentage: '10' })),
    );
    expect(discountAbove.error?.issues[0]?.message).toBe('The discount price must be below the price.');
  });
});
