import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '#tests/web-kit.tsx';
import { fakeApi, makeStore, ok, renderPage } from '#tests/web-kit.tsx';
import { CategoriesPage } from './categories-page.tsx';

const IMAGE = { url: '/media/x.webp', alt: '', width: 480, height: 480 };
const card = (n: number) => ({
  id: `cloud-${n}`,
  categoryId: 'disposable-vapes',
  brandId: 'cloudtide',
  name: `Cloudtide ${n}`,
  brandName: 'Cloudtide',
  categoryName: 'Disposable Vapes',
  image: IMAGE,
  priceCents: 1000 + n,
  discountPriceCents: null,
  discountPercentage: null,
  sellingUnit: 'box of 10',
  isNew: false,
  isHot: false,
  inStock: true,
});

/** The listing as the server answers it: fewer products the more filters the request carries. */
function listingAnswer(call: ApiCall) {
  const narrowing = ['flavour', 'nicotine', 'minPrice', 'inStock'].filter((k) => call.query.has(k)).length;
  const total = 9 - narrowing * 3;
  return ok({
    title: 'Disposable Vapes',
    categoryId: 'disposable-vapes',
    brandId: null,
    items: Array.from({ length: total }, (_, i) => card(i)),
    total,
    page: 1,
    pageSize: 20,
    pageCount: 1,
    brandsYouMayLike: [],
    facets: {
      flavours: [
        { value: 'Blue Razz Ice', label: 'Blue Razz Ice', count: 4 },
        { value: 'Mango Ice', label: 'Mango Ice', count: 3 },
      ],
      nicotine: [
        { value: '20', label: '20 mg/ml', count: 5 },
        { value: '50', label: '50 mg/ml', count: 4 },
      ],
    },
  });
}

/** Where the page is, and the browser's back button. */
function Address() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <p>{`Address: ${search}`}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </div>
  );
}

function openListing(path = '/categories?categoryId=disposable-vapes') {
  const api = fakeApi({
    'GET catalogue/listing': listingAnswer,
    'GET catalogue/menu': ok({ groups: [], categories: [] }),
    'GET store': ok(makeStore()),
  });
  renderPage(
    <>
      <CategoriesPage />
      <Address />
    </>,
    { user: null, path, route: '/categories' },
  );
  const address = () =>
    new URLSearchParams(screen.getByText(/^Address:/).textContent!.slice('Address: '.length));
  const lastRequest = () => api.sent('GET catalogue/listing').at(-1)!.query;
  return { api, address, lastRequest };
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('sorting and narrowing the listing (issue 31, item 10)', () => {
  it('a sort goes into the address and the request; back returns to the order before', async () => {
    const { address, lastRequest } = openListing();
    await screen.findByText('9 products');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } });
    await waitFor(() => expect(lastRequest().get('sort')).toBe('price_asc'));
    expect(address().get('sort')).toBe('price_asc');
    expect(heading().textContent).toBe('Disposable Vapes');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(address().has('sort')).toBe(false));
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('featured');
  });

  it('flavour and nicotine boxes narrow it, show as chips, and a chip takes its filter off', async () => {
    const { address, lastRequest } = openListing();
    const flavours = await screen.findByRole('group', { name: 'Flavours' });
    fireEvent.click(within(flavours).getByRole('checkbox', { name: /^Blue Razz Ice/ }));
    await waitFor(() => expect(lastRequest().getAll('flavour')).toEqual(['Blue Razz Ice']));
    fireEvent.click(screen.getByRole('checkbox', { name: /^20 mg\/ml/ }));
    await waitFor(() => expect(lastRequest().getAll('nicotine')).toEqual(['20']));
    expect(address().getAll('flavour')).toEqual(['Blue Razz Ice']);
    // The count is read out politely once the narrowed answer is in.
    expect(await screen.findByText('3 products')).toHaveProperty('ariaLive', 'polite');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter: 20 mg/ml' })).toBeTruthy();
    fireEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Blue Razz Ice' }));
    await waitFor(() => expect(address().getAll('flavour')).toEqual([]));
    expect(lastRequest().getAll('flavour')).toEqual([]);
    expect(lastRequest().getAll('nicotine')).toEqual(['20']);
    expect(
      (within(flavours).getByRole('checkbox', { name: /^Blue Razz Ice/ }) as HTMLInputElement).checked,
    ).toBe(false);
    // Focus stays among the chips: on the one that took the removed chip's place.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove filter: 20 mg/ml' }));
    expect(heading().textContent).toBe('Disposable Vapes');
  });

  it('the price range is checked by the shared rules, then applied as a chip', async () => {
    const { address, api } = openListing();
    await screen.findByText('9 products');
    fireEvent.change(screen.getByLabelText('Min price ($)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Max price ($)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Minimum price must not be more than the maximum price')).toBeTruthy();
    expect(api.sent('GET catalogue/listing').some((c) => c.query.has('minPrice'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Min price ($)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Max price ($)'), { target: { value: '$50.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(address().get('maxPrice')).toBe('50.50'));
    expect(address().get('minPrice')).toBe('10');
    expect(await screen.findByRole('button', { name: 'Remove filter: $10–$50.50' })).toBeTruthy();
  });

  it('a shared link opens narrowed, with its chips; Clear all keeps the listing and its order', async () => {
    const { address, lastRequest } = openListing(
      '/categories?categoryId=disposable-vapes&sort=name&inStock=1&flavour=Mango%20Ice&minPrice=5&page=2',
    );
    await screen.findByText('0 products in stock');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Remove filter: In stock', 'Remove filter: From $5', 'Remove filter: Mango Ice', 'Clear all']);
    expect(lastRequest().get('sort')).toBe('name');
    fireEvent.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(address().toString()).toBe('categoryId=disposable-vapes&sort=name'));
    await screen.findByText('9 products');
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
    expect(heading().textContent).toBe('Disposable Vapes');
    expect(document.activeElement).toBe(screen.getByText('9 products'));
  });

  it('a choice spelt otherwise in the address is still ticked, and unticking takes it off', async () => {
    const { address } = openListing(
      '/categories?categoryId=disposable-vapes&nicotine=020&flavour=blue%20%20razz%20ice',
    );
    const box = await screen.findByRole('checkbox', { name: /^20 mg\/ml/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    const flavours = screen.getByRole('group', { name: 'Flavours' });
    expect(
      (within(flavours).getByRole('checkbox', { name: /^Blue Razz Ice/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(address().getAll('nicotine')).toEqual([]));
    fireEvent.click(within(flavours).getByRole('checkbox', { name: /^Blue Razz Ice/ }));
    await waitFor(() => expect(address().getAll('flavour')).toEqual([]));
  });
});
