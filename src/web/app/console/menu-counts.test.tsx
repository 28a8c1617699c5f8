import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyNotifications } from '#web/features/staff/console/my-notifications.tsx';
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
    await waitFor(() => expect(verification.textContent).toBe('Verification3 documents to verify'));
    expect(within(menu).getByRole('link', { name: /^Orders/ }).textContent).toBe('Orders');
  });

  it('a staff member chooses their own mail with the shared schema, and it is saved', async () => {
    const { sent } = fakeApi({
      'GET admin/me/notifications': ok({ newOrders: false, newUploads: true }),
      'PUT admin/me/notifications': (call) => ok(call.body),
    });
    renderPage(<MyNotifications />);
    const uploads = await screen.findByRole('checkbox', { name: /Each document a buyer uploads/ });
    await waitFor(() => expect((uploads as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('checkbox', { name: /Each new order/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my email choices' }));
    await screen.findByText('Your email choices are saved.');
    expect(sent('PUT admin/me/notifications')[0]!.body).toEqual({ newOrders: true, newUploads: true });
  });
});
