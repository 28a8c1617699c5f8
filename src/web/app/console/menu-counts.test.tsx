import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { ConsoleNav } from './console-nav.tsx';

describe('telling staff what waits (decision 014, item 15)', () => {
  it('the console menu counts documents to verify and orders to ship, and shows nothing for none', async () => {
    fakeApi({
      'GET admin/verifications/count': ok({ count: 3 }),
      'GET admin/orders/to-ship/count': ok({ count: 0 }),
    });
    renderPage(<ConsoleNav />, { path: '/admin' });
    const menu = await screen.findByRole('navigation', { name: 'Console' });
    const verification = within(menu).getByRole('link', { name: /^Verification/ });
    await waitFor(() => expect(verification.textContent).toBe('Verification, 3 documents to verify'));
    // The queue has its own page; the console's front door is the dashboard.
    expect(verification.getAttribute('href')).toBe('/admin/verification');
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: /^Orders/ }).textContent).toBe('Orders');
  });
});
