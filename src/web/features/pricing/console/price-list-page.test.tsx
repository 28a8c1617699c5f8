import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { PriceListPage } from './price-list-page.tsx';

const group = { id: 7, name: 'Gold', description: '', version: 1, memberCount: 1, entryCount: 0 };
const buyer = (id: string, businessName: string) => ({
  id,
  name: 'Robin Buyer',
  businessName,
  email: `${id}@shop.example`,
  emailVerified: true,
  state: 'TX',
  createdAt: '2026-11-01T00:00:00.000Z',
  disabled: false,
  documents: { salesId: null, tobaccoLicense: null },
});

describe("a group's page adds buyers to it (decision 014, item 17)", () => {
  it('finds buyers as staff type and adds one with the audited group change', async () => {
    const { sent } = fakeApi({
      'GET admin/pricing/groups': ok({ groups: [group] }),
      'GET admin/pricing/groups/7/entries': ok({ entries: [], total: 0 }),
      'GET admin/pricing/groups/7/members': ok({
        members: [{ userId: 'u-in', email: 'u-in@shop.example', name: 'In', businessName: 'Already In LLC' }],
      }),
      'GET admin/buyers': (call) =>
        ok({
          buyers:
            call.query.get('q') === 'smoke'
              ? [buyer('u-in', 'Already In LLC'), buyer('u-new', 'Smoke Corner')]
              : [],
          total: 2,
          page: 1,
          pageSize: 8,
        }),
      'PUT admin/pricing/buyers/u-new/group': ok({ groupId: 7, groupName: 'Gold' }),
    });
    renderPage(<PriceListPage />, { path: '/admin/pricing/7', route: '/admin/pricing/:id' });
    fireEvent.change(await screen.findByLabelText('Add a buyer'), { target: { value: 'smoke' } });
    const found = await screen.findByRole('list', { name: 'Buyers found' });
    await within(found).findByText('Smoke Corner');
    expect(within(found).getByText('In this group')).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: 'Add Smoke Corner to this group' }));
    expect(await screen.findByText('Smoke Corner is in this group now.')).toBeTruthy();
    await waitFor(() =>
      expect(sent('PUT admin/pricing/buyers/u-new/group').map((c) => c.body)).toEqual([{ groupId: 7 }]),
    );
    expect(sent('GET admin/buyers').every((c) => c.query.get('q') === 'smoke')).toBe(true);
  });
});
