import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotificationsProvider } from '#web/components/ui/notifications.tsx';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { AccountPage } from './account-page.tsx';

/** /account?p=… (Change Password) for a signed-in buyer, with pages for where the side menu leads. */
function renderAccountPage(user = makeProfile(), p = 'Change%20Password') {
  const client = new QueryClient();
  client.setQueryData(SESSION_KEY, { user });
  const page = (name: string) => <h1>{name} page</h1>;
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountPage /> },
      { path: '/quick-order', element: page('Quick order') },
      { path: '/lists', element: page('Saved lists') },
      { path: '/alerts', element: page('Stock alerts') },
    ],
    { initialEntries: [`/account?p=${p}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('account side menu', () => {
  it('lists Quick Order, Saved Lists and Stock Alerts as links, looking like the sections, before Logout', () => {
    renderAccountPage();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    const entries = within(menu)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(entries).toEqual([
      'My Account',
      'My Profile',
      'Address',
      'Change Password',
      'Quick Order',
      'Saved Lists',
      'Stock Alerts',
      'Logout',
    ]);
    const section = within(menu).getByRole('link', { name: 'My Profile' });
    for (const [name, href] of [
      ['Quick Order', '/quick-order'],
      ['Saved Lists', '/lists'],
      ['Stock Alerts', '/alerts'],
    ] as const) {
      const link = within(menu).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      // NavLink adds its own "active" to the sections; the look is the classes around it.
      expect(link.className).toBe(section.className.replace(/ active$/, ''));
      // A link in the tab order, as the sections are.
      expect(link.tabIndex).toBe(0);
    }
  });

  it('opens the page an entry names', async () => {
    const router = renderAccountPage();
    fireEvent.click(screen.getByRole('link', { name: 'Saved Lists' }));
    expect(await screen.findByRole('heading', { name: 'Saved lists page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lists');
  });
});

describe('My Profile of a member who is no owner (decision 015, step 3)', () => {
  it("shows the company's name and phone, not to change; the member's own name stays theirs to edit", () => {
    const viewer = makeProfile({
      company: { id: 'company-1', role: 'viewer', businessName: 'Chain Store 12' },
    });
    renderAccountPage(viewer, 'My%20Profile');
    for (const label of ['Business name', 'Phone number']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.disabled, label).toBe(true);
    }
    expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe('Chain Store 12');
    expect(screen.getAllByText('Your company’s: only its owners can change it.')).toHaveLength(2);
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(false);
  });

  it('an owner edits them', () => {
    renderAccountPage(makeProfile(), 'My%20Profile');
    expect((screen.getByLabelText('Business name') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).disabled).toBe(false);
  });
});
