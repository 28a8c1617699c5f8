import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/staff/staff.schemas.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { AuditPage } from './audit-page.tsx';

const NONE = { name: null, kind: null, buyerId: null, productId: null };
const sam = { id: 's1', name: 'Sam Staff', email: 'sam@shop.example' };
const blair = { id: 's2', name: 'Blair Jones', email: 'blair@shop.example' };
const entry = (
  e: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action' | 'entity' | 'entityId'>,
): AuditEntry => ({
  actor: sam,
  before: null,
  after: null,
  record: NONE,
  at: '2026-11-20T15:00:00.000Z',
  ...e,
});
const staffList = ok({
  staff: [sam, blair].map((s) => ({
    ...s,
    totpEnabled: true,
    passwordChangeRequired: false,
    role: 'admin',
    companies: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  })),
});

const ENTRIES = [
  entry({
    id: 43,
    action: 'order.stage',
    entity: 'order',
    entityId: 'SS-100123',
    before: { stage: 'shipped' },
    after: { stage: 'out_for_delivery' },
    record: { ...NONE, name: 'Corner Shop LLC', buyerId: 'u1' },
  }),
  entry({
    id: 42,
    actor: blair,
    action: 'settings.changed',
    entity: 'settings',
    entityId: 'store',
    before: { deliveryFeeCents: 2000, storeName: 'Smokestack' },
    after: { deliveryFeeCents: 2500, storeName: 'Smokestack' },
  }),
  entry({
    id: 41,
    action: 'staff.created',
    entity: 'user',
    entityId: 's3',
    after: { name: 'Ana New', email: 'ana@shop.example', password: '(hidden)' },
    record: { ...NONE, name: 'Ana New (ana@shop.example)' },
  }),
  entry({
    id: 40,
    action: 'product.updated',
    entity: 'product',
    entityId: '5',
    before: { id: 5, name: 'Nimbus Bar', priceCents: 1000, hidden: false },
    after: { name: 'Nimbus Bar', priceCents: 1200, hidden: true },
    record: { ...NONE, name: 'Nimbus Bar', productId: 5 },
  }),
];

describe('the audit log people can read (decision 014, item 18)', () => {
  it('shows each entry as a sentence with who did it, links to the record, and the raw record behind Details', async () => {
    fakeApi({ 'GET admin/audit': ok({ entries: ENTRIES, nextBefore: null }), 'GET admin/staff': staffList });
    renderPage(<AuditPage />, { path: '/admin/audit', route: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const moved = within(table)
      .getByText('Moved order SS-100123 from Shipped to Out for Delivery')
      .closest('tr')!;
    expect(within(moved).getByText('Sam Staff')).toBeTruthy();
    expect(within(moved).getByText('sam@shop.example')).toBeTruthy();
    expect(within(moved).getByRole('link', { name: 'Order SS-100123' }).getAttribute('href')).toBe(
      '/admin/orders/SS-100123',
    );
    expect(within(moved).getByRole('link', { name: 'Corner Shop LLC' }).getAttribute('href')).toBe(
      '/admin/buyers/u1',
    );
    expect(within(moved).queryByText('order.stage', { exact: false })?.closest('details')).toBeTruthy();

    const settings = within(table).getByText('Changed the delivery fee from $20.00 to $25.00').closest('tr')!;
    expect(within(settings).getByText('Blair Jones')).toBeTruthy();
    expect(within(settings).getByText('The store settings')).toBeTruthy();

    const product = within(table).getByText('Changed product “Nimbus Bar”').closest('tr')!;
    expect(
      within(product)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['price: $10.00 → $12.00', 'hidden: no → yes']);
    expect(within(product).getByRole('link', { name: 'Product “Nimbus Bar”' }).getAttribute('href')).toBe(
      '/admin/products/5',
    );

    const added = within(table).getByText('Added staff member Ana New (ana@shop.example)').closest('tr')!;
    expect(within(added).getByText('Details').tagName).toBe('SUMMARY');
    expect(within(added).getByText(/"password": "\(hidden\)"/)).toBeTruthy();
  });

  it('filters by staff member, action and days from the URL, and applies new filters', async () => {
    const { sent } = fakeApi({
      'GET admin/audit': ok({ entries: ENTRIES.slice(0, 1), nextBefore: null }),
      'GET admin/staff': staffList,
    });
    renderPage(<AuditPage />, {
      path: '/admin/audit?actor=s2&from=2026-11-01&to=2026-11-20',
      route: '/admin/audit',
    });
    await screen.findByText('Moved order SS-100123 from Shipped to Out for Delivery');
    const first = sent('GET admin/audit')[0]!.query;
    expect([first.get('actor'), first.get('from'), first.get('to'), first.get('action')]).toEqual([
      's2',
      '2026-11-01',
      '2026-11-20',
      null,
    ]);
    const who = screen.getByLabelText('Staff member') as HTMLSelectElement;
    await waitFor(() => expect(who.value).toBe('s2'));
    expect(within(who).getByRole('option', { name: 'Blair Jones (blair@shop.example)' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Record type'), { target: { value: 'order' } });
    const action = screen.getByLabelText('Action');
    expect(within(action).queryByRole('option', { name: 'Settings changed' })).toBeNull();
    fireEvent.change(action, { target: { value: 'order.stage_back' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(sent('GET admin/audit').some((c) => c.query.get('action') === 'order.stage_back')).toBe(true),
    );
    const last = sent('GET admin/audit').at(-1)!.query;
    expect(Object.fromEntries(last)).toMatchObject({
      entity: 'order',
      action: 'order.stage_back',
      actor: 's2',
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });

  it('pages to older entries and back to the newest', async () => {
    const { sent } = fakeApi({
      'GET admin/audit': (call) =>
        call.query.get('before') === '42'
          ? ok({ entries: ENTRIES.slice(2), nextBefore: null })
          : ok({ entries: ENTRIES.slice(0, 2), nextBefore: 42 }),
      'GET admin/staff': staffList,
    });
    renderPage(<AuditPage />, { path: '/admin/audit?entity=order', route: '/admin/audit' });
    fireEvent.click(await screen.findByRole('link', { name: 'Older entries' }));
    await screen.findByText('Added staff member Ana New (ana@shop.example)');
    expect(Object.fromEntries(sent('GET admin/audit').at(-1)!.query)).toMatchObject({
      entity: 'order',
      before: '42',
    });
    expect(screen.queryByRole('link', { name: 'Older entries' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Newest entries' }));
    await screen.findByText('Moved order SS-100123 from Shipped to Out for Delivery');
  });

  it("shows the server's message for a filter it refuses", async () => {
    fakeApi({
      'GET admin/audit': refused(400, 'The To date is before the From date.'),
      'GET admin/staff': staffList,
    });
    renderPage(<AuditPage />, { path: '/admin/audit?from=2026-11-20&to=2026-11-01', route: '/admin/audit' });
    expect((await screen.findByRole('alert')).textContent).toBe('The To date is before the From date.');
  });
});
