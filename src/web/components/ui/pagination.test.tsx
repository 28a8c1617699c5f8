import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination.tsx';

const renderAt = (page: number, pageCount: number) =>
  render(
    <MemoryRouter>
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/categories?categoryId=ALL&page=${p}`} />
    </MemoryRouter>,
  );

describe('Pagination', () => {
  it('shows five page numbers around the current one, with first and last', () => {
    renderAt(7, 20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toContain('56789');
    expect(screen.getByText('7').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'First page' }).getAttribute('href')).toBe(
      '/categories?categoryId=ALL&page=1',
    );
    expect(screen.getByRole('link', { name: 'Last page' }).getAttribute('href')).toBe(
      '/categories?categoryId=ALL&page=20',
    );
  });

  it('disables first on page one and renders nothing for a single page', () => {
    renderAt(1, 3);
    expect(screen.queryByRole('link', { name: 'First page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Last page' })).toBeTruthy();
    renderAt(1, 1);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });
});
