import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SEARCH_SUGGESTION_LIMIT } from '#shared/catalogue/catalogue.constants.ts';
import type { SearchHit, SearchResponse } from '#shared/catalogue/catalogue.schemas.ts';
import { fakeApi, ok } from '#tests/web-kit.tsx';
import { SearchBox } from './search-box.tsx';

function hit(id: string, overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    id,
    categoryId: 'disposable-vapes',
    brandId: 'cloudtide',
    name: `Cloudtide ${id}`,
    brandName: 'Cloudtide',
    categoryName: 'Disposable Vapes',
    image: { url: '/media/x.webp', alt: '', width: 480, height: 480 },
    priceCents: 1524,
    discountPriceCents: null,
    discountPercentage: null,
    sellingUnit: 'box of 10',
    isNew: false,
    isHot: false,
    inStock: true,
    matchedVariant: 'Mint Ice',
    ...overrides,
  };
}

/**
 * The header search with the API's answer for "mint" already in the query cache, as the search
 * answer carries it: a grouped buyer's own price on each hit that has one (`yourPrice`).
 */
function renderWithAnswer(items: SearchHit[]) {
  const client = new QueryClient();
  const answer: SearchResponse = { query: 'mint', items, total: items.length, page: 1, pageCount: 1 };
  client.setQueryData(['search', 'mint', 1, SEARCH_SUGGESTION_LIMIT, false], answer);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchBox id="search" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'mint' } });
}

describe('header search suggestions', () => {
  it("show a grouped buyer's own price, with the storefront's struck through, as the results page does", async () => {
    renderWithAnswer([hit('grouped', { yourPrice: { unitPriceCents: 1200, from: false } })]);
    const option = await screen.findByRole('option', { name: /Cloudtide grouped/ }, { timeout: 5_000 });
    expect(option.textContent).toContain('Your price $12.00 per box of 10, instead of $15.24');
  });

  it('show a visitor the price (the sale price, the list price struck through when on sale)', async () => {
    renderWithAnswer([
      hit('plain'),
      hit('on-sale', { priceCents: 2000, discountPriceCents: 1500, discountPercentage: 25 }),
      hit('several', { yourPrice: { unitPriceCents: 900, from: true } }),
    ]);
    const plain = await screen.findByRole('option', { name: /Cloudtide plain/ }, { timeout: 5_000 });
    expect(plain.textContent).toContain('$15.24');
    expect(plain.textContent).not.toContain('Your price');
    const sale = screen.getByRole('option', { name: /Cloudtide on-sale/ });
    expect(sale.textContent).toContain('$15.00 per box of 10, was $20.00');
    expect(screen.getByRole('option', { name: /Cloudtide several/ }).textContent).toContain(
      'Your price from $9.00',
    );
  });
});

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function showAt(path: string) {
  fakeApi({ 'GET search': ok({ items: [], total: 0 }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <SearchBox id="search" />
        <Where />
        <Routes>
          <Route path="*" element={<Link to="/categories?categoryId=ALL">All products</Link>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const box = () => screen.getByRole('combobox') as HTMLInputElement;

describe('the header search box', () => {
  it('keeps the query on its results page and clears once the buyer leaves it', async () => {
    showAt('/');
    fireEvent.change(box(), { target: { value: 'razz' } });
    fireEvent.submit(box().closest('form')!);
    expect(screen.getByLabelText('address').textContent).toBe('/search?q=razz');
    expect(box().value).toBe('razz');
    fireEvent.click(screen.getByRole('link', { name: 'All products' }));
    expect(screen.getByLabelText('address').textContent).toBe('/categories?categoryId=ALL');
    expect(box().value).toBe('');
  });

  it('opened on a results page, it says what was searched for', () => {
    showAt('/search?q=blue%20razz');
    expect(box().value).toBe('blue razz');
  });
});
