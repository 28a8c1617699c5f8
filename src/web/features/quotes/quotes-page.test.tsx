import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDay } from '#shared/dates.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { makeQuoteSummary } from './quote.fixture.ts';
import { QuotesPage } from './quotes-page.tsx';

describe('the company’s quotes (decision 016, part 3)', () => {
  it('lists each quote with its number linked, its state, lines, total and days', async () => {
    fakeApi({
      'GET quotes': ok({
        quotes: [
          makeQuoteSummary({
            number: 'Q-9',
            status: 'requested',
            totalCents: 0,
            expiresOn: null,
            staffName: null,
            requestedBy: 'Robin Buyer',
          }),
          makeQuoteSummary({ number: 'Q-8', status: 'accepted', orderNumber: 'SS-1050' }),
          makeQuoteSummary({ number: 'Q-7', status: 'sent', lineCount: 3, totalCents: 8600 }),
          makeQuoteSummary({ number: 'Q-6', status: 'expired' }),
        ],
      }),
    });
    renderPage(<QuotesPage />);
    const rows = within(await screen.findByRole('list', { name: 'Quotes' })).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getAllByRole('link')[0]!.textContent)).toEqual([
      'Q-9',
      'Q-8',
      'Q-7',
      'Q-6',
    ]);
    expect(within(rows[2]!).getByRole('link', { name: 'Q-7' }).getAttribute('href')).toBe('/quotes/Q-7');

    const [requested, accepted, open, expired] = rows.map((r) => r.textContent ?? '');
    expect(requested).toContain('Requested');
    expect(requested).toContain('Not priced yet');
    expect(requested).toContain('Requested by Robin Buyer');
    expect(accepted).toMatch(/Accepted→\s?as order SS-1050/);
    expect(within(rows[1]!).getByRole('link', { name: 'SS-1050' }).getAttribute('href')).toBe(
      '/invoice?order=SS-1050',
    );
    expect(open).toContain('Open');
    expect(open).toContain('$86.00');
    expect(open).toContain(formatDay('2026-12-10'));
    expect(open).toContain('From Sam Staff');
    expect(within(rows[2]!).getByText('3')).toBeTruthy();
    expect(expired).toContain('Expired');
  });

  it('says how quotes come when the company has none', async () => {
    fakeApi({ 'GET quotes': ok({ quotes: [] }) });
    renderPage(<QuotesPage />);
    expect(await screen.findByText('You have no quotes yet.')).toBeTruthy();
    expect(screen.getByText(/Request a quote/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Quotes' })).toBeNull();
  });
});
