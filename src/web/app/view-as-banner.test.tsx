import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Viewing, viewAsMessages } from '#shared/accounts/view-as.schemas.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { ViewAsBanner } from './view-as-banner.tsx';

const viewing = (over: Partial<Viewing> = {}): Viewing => ({
  staffName: 'Rae Rep',
  memberName: 'Olive Owner',
  businessName: 'Corner Shop LLC',
  companyId: 'c1',
  endsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  ...over,
});
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'short' });

/** The banner on a storefront page, with the browser's full navigations recorded. */
function render(view: Viewing | null, routes: Parameters<typeof fakeApi>[0] = {}) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const api = fakeApi(routes);
  const { client } = renderPage(<ViewAsBanner />, {
    user: makeProfile({ name: 'Olive Owner' }),
    viewing: view,
  });
  return { ...api, assign, client };
}

describe('the banner of staff viewing the store as a buyer (decision 016, part 5)', () => {
  it('says whose store this is, read only, until when; Stop viewing ends it and goes back to the company', async () => {
    const view = viewing();
    const { sent, assign } = render(view, {
      'DELETE admin/view-as': ok({ message: viewAsMessages.stopped }),
    });
    const banner = screen.getByRole('region', { name: 'Viewing as a buyer' });
    expect(within(banner).getByText('Viewing as Olive Owner of Corner Shop LLC — read only')).toBeTruthy();
    expect(within(banner).getByText(`Until ${timeOf(view.endsAt)}`)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Stop viewing' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/companies/c1'));
    expect(sent('DELETE admin/view-as')).toHaveLength(1);
  });

  it('is not there for a buyer, nor for staff not viewing', () => {
    render(null);
    expect(screen.queryByRole('region', { name: 'Viewing as a buyer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop viewing' })).toBeNull();
  });

  it('says when the view has run out, and still leads back', async () => {
    const { assign } = render(viewing({ endsAt: new Date(Date.now() + 50).toISOString() }), {
      'DELETE admin/view-as': ok({ message: viewAsMessages.notViewing }),
    });
    expect(await screen.findByText(/^Ended at /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop viewing' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/companies/c1'));
  });

  it('says the view ended when the session stops answering as the member (stopped in another tab)', async () => {
    const { client } = render(viewing());
    expect(screen.getByText(/^Until /)).toBeTruthy();
    act(() => client.setQueryData(SESSION_KEY, { user: null, viewing: null }));
    expect(await screen.findByText(/^Ended at /)).toBeTruthy();
    expect(screen.getByText('Viewing as Olive Owner of Corner Shop LLC — read only')).toBeTruthy();
  });

  it("shows the server's refusal and stays on the page", async () => {
    const { assign } = render(viewing(), {
      'DELETE admin/view-as': refused(401, 'Please sign in to continue.'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Stop viewing' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in to continue.');
    expect(assign).not.toHaveBeenCalled();
  });
});
