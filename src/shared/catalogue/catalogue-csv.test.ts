import { describe, expect, it } from 'vitest';
import { CatalogueCsvRowSchema, productFieldsOf } from './catalogue-csv.ts';

const row = (over: Record<string, string> = {}) => ({
  category: 'Disposable Vapes',
  category_group: 'Vape Hardware',
  brand: 'Glacier',
  product: 'Glacier Puff',
  product_sku: 'GP-1',
  product_code: 'GP',
  description: 'A disposable.',
  price: '12.50',
  discount_price: '',
  discount_percentage: '',
  rating: '',
  is_new: 'yes',
  is_hot: '',
  hidden: 'false',
  delivery: 'Ships in 1–2 days',
  seller: '',
  important_notice: '',
  highlights: ' 5000 puffs | Rechargeable | ',
  specifications: 'Battery: 650 mAh | Nicotine',
  option: 'Banana Ice',
  sku: 'GP-1-BAN',
  stock: '40',
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
