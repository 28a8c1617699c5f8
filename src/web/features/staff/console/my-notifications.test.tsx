import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { MyNotifications } from './my-notifications.tsx';

describe('staff choose their mail (decision 014, item 15)', () => {
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
