import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { EntryEditor } from './price-list-forms.tsx';

/** What a screen reader hears with a field: its hint and error, by the ids the field names. */
const described = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
const PUT = 'PUT admin/pricing/groups/7/entries';

function editor(answer = ok({ message: 'Saved.', id: 31 })) {
  const api = fakeApi({ [PUT]: answer });
  const onDone = vi.fn();
  renderPage(<EntryEditor groupId={7} entry={null} onDone={onDone} />, { user: null });
  return { ...api, onDone };
}

describe('a price list entry', () => {
  it('an option’s price with volume tiers is sent in cents, and the form closes', async () => {
    const { sent, onDone } = editor();
    type('Which', 'VX-100-MINT');
    type('Unit price ($)', '4.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    type('Tier 1: from quantity', '10');
    type('Tier 1: unit price ($)', '4.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    type('Tier 2: from quantity', '50');
    type('Tier 2: unit price ($)', '3.75');
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent(PUT).map((c) => c.body)).toEqual([
      {
        scope: 'variant',
        target: 'VX-100-MINT',
        priceCents: 450,
        tiers: [
          { minQuantity: 10, priceCents: 400 },
          { minQuantity: 50, priceCents: 375 },
        ],
      },
    ]);
    expect(await screen.findByText("Price saved: the group's buyers see it now.")).toBeTruthy();
  });

  it('a removed tier is not sent', async () => {
    const { sent } = editor();
    type('Which', 'VX-1');
    type('Unit price ($)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    type('Tier 1: from quantity', '5');
    type('Tier 1: unit price ($)', '1.50');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    save();
    await waitFor(() => expect(sent(PUT)).toHaveLength(1));
    expect(sent(PUT)[0]!.body).toEqual({ scope: 'variant', target: 'VX-1', priceCents: 200, tiers: [] });
  });

  it('a product takes a price with tiers, as an option does', async () => {
    const { sent } = editor();
    fireEvent.change(screen.getByLabelText('For'), { target: { value: 'product' } });
    expect(described('Which')).toContain("The product's SKU");
    type('Which', 'VX-100');
    type('Unit price ($)', '9.99');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    type('Tier 1: from quantity', '12');
    type('Tier 1: unit price ($)', '9.49');
    save();
    await waitFor(() => expect(sent(PUT)).toHaveLength(1));
    expect(sent(PUT)[0]!.body).toEqual({
      scope: 'product',
      target: 'VX-100',
      priceCents: 999,
      tiers: [{ minQuantity: 12, priceCents: 949 }],
    });
  });

  it('a brand or category takes a percentage off the list price, with no price or tiers', async () => {
    const { sent } = editor();
    fireEvent.change(screen.getByLabelText('For'), { target: { value: 'brand' } });
    expect(screen.queryByLabelText('Unit price ($)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a tier' })).toBeNull();
    expect(described('Which')).toContain('category/brand');
    type('Which', 'vapes/nimbus');
    type('Percentage off the list price', '12.5');
    save();
    await waitFor(() => expect(sent(PUT)).toHaveLength(1));
    expect(sent(PUT)[0]!.body).toEqual({ scope: 'brand', target: 'vapes/nimbus', basisPoints: 1250 });
  });

  it('each mistake is said under its own field, and nothing is sent', async () => {
    const { calls } = editor();
    type('Unit price ($)', 'four fifty');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    type('Tier 1: from quantity', '1');
    type('Tier 1: unit price ($)', '3');
    save();
    await waitFor(() => expect(described('Which')).toContain(pricingMessages.targetRequired));
    expect(described('Unit price ($)')).toContain(pricingMessages.priceText);
    expect(described('Tier 1: from quantity')).toContain(pricingMessages.tierQuantityText);
    expect(described('Tier 1: unit price ($)')).toBe('');
    expect(screen.getByLabelText('Which').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('For'), { target: { value: 'category' } });
    type('Which', 'vapes');
    type('Percentage off the list price', '120');
    save();
    await waitFor(() =>
      expect(described('Percentage off the list price')).toContain(pricingMessages.percentText),
    );
    expect(calls).toHaveLength(0);
  });

  it('the server’s refusal goes under the field it names', async () => {
    editor(refused(400, pricingMessages.tierNotLower, 'tiers.0.price'));
    type('Which', 'VX-1');
    type('Unit price ($)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    type('Tier 1: from quantity', '5');
    type('Tier 1: unit price ($)', '2.50');
    save();
    await waitFor(() => expect(described('Tier 1: unit price ($)')).toContain(pricingMessages.tierNotLower));
  });

  it('a refusal naming no field shown here goes above the button', async () => {
    editor(refused(404, pricingMessages.entryNotFound));
    type('Which', 'VX-1');
    type('Unit price ($)', '2');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(pricingMessages.entryNotFound);
  });

  it('finds the option by name or SKU as staff type, and picking it fills Which (decision 014, item 17)', async () => {
    const image = { url: '/x.webp', alt: '', width: 10, height: 10 };
    const row = {
      id: 41,
      name: 'Nimbus Bar Ultra',
      sku: 'SS-1003',
      brandName: 'Nimbus Bar',
      categoryName: 'Disposable Vapes',
      priceCents: 1999,
      discountPriceCents: null,
      discountPercentage: null,
      isNew: false,
      isHot: false,
      hidden: false,
      variantCount: 2,
      stock: 40,
    };
    const variant = (id: number, name: string, sku: string) => ({
      id,
      name,
      sku,
      image,
      stock: 20,
      position: id,
      minQuantity: 1,
      orderIncrement: 1,
      maxQuantity: null,
      compliance: {},
    });
    fakeApi({
      'GET admin/products': (call) =>
        ok({ products: call.query.get('q') === 'ultra' ? [row] : [], total: 1, page: 1, pageSize: 6 }),
      'GET admin/products/41': ok({
        ...row,
        brandId: 3,
        slug: 'nimbus-bar-ultra',
        description: '',
        productCode: 'P1003',
        sellingUnit: 'box of 10',
        rating: 5,
        delivery: '',
        highlights: [],
        importantNotice: '',
        seller: 'Test',
        specifications: [],
        images: [image],
        specImages: [],
        compliance: {},
        storefrontPath: '/product?x',
        variants: [variant(1, 'Lush Ice', 'SS-1003-01'), variant(10, 'Mango Ice', 'SS-1003-10')],
      }),
    });
    renderPage(<EntryEditor groupId={7} entry={null} onDone={() => undefined} />, { user: null });
    type('Find by name or SKU', 'ultra');
    fireEvent.click(await screen.findByRole('button', { name: /Nimbus Bar Ultra/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mango Ice SS-1003-10' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Which') as HTMLInputElement).value).toBe('SS-1003-10'),
    );
  });
});
