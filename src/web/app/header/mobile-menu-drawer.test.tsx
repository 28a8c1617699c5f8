import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import MobileMenuDrawer from './mobile-menu-drawer.tsx';

const menu = ok({ categories: [] });

describe('the phone menu (decision 014, item 12)', () => {
  it("reaches the account's pages for a signed-in buyer", async () => {
    fakeApi({ 'GET catalogue/menu': menu });
    renderPage(<MobileMenuDrawer open setOpen={() => undefined} />, {
      user: makeProfile({ businessName: 'Chain Store 12' }),
    });
    const account = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(account).getByText('Chain Store 12')).toBeTruthy();
    const links = within(account)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['My Orders', '/orders'],
        ['My Profile', '/account?p=My%20Profile'],
        ['Change Password', '/account?p=Change%20Password'],
        ['Quick Order', '/quick-order'],
        ['Company', '/company'],
      ]),
    );
  });

  it('offers the Company page to a member of a company only (decision 015): staff belong to none', async () => {
    fakeApi({ 'GET catalogue/menu': menu });
    renderPage(<MobileMenuDrawer open setOpen={() => undefined} />, {
      user: makeProfile({ role: 'staff', company: null }),
    });
    const account = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(account).queryByRole('link', { name: 'Company' })).toBeNull();
    expect(within(account).getByRole('link', { name: 'My Profile' })).toBeTruthy();
  });

  it('offers Sign in and Register to a visitor', async () => {
    fakeApi({ 'GET catalogue/menu': menu });
    renderPage(<MobileMenuDrawer open setOpen={() => undefined} />, { user: null });
    const account = await screen.findByRole('navigation', { name: 'Your account' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/signin', '/signup']);
  });
});
