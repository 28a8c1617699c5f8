import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '#tests/web-kit.tsx';
import { SearchBox } from './search-box.tsx';

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function show(path: string) {
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
    show('/');
    fireEvent.change(box(), { target: { value: 'razz' } });
    fireEvent.submit(box().closest('form')!);
    expect(screen.getByLabelText('address').textContent).toBe('/search?q=razz');
    expect(box().value).toBe('razz');
    fireEvent.click(screen.getByRole('link', { name: 'All products' }));
    expect(screen.getByLabelText('address').textContent).toBe('/categories?categoryId=ALL');
    expect(box().value).toBe('');
  });

  it('opened on a results page, it says what was searched for', () => {
    show('/search?q=blue%20razz');
    expect(box().value).toBe('blue razz');
  });
});
