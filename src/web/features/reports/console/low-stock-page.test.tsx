import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportsMessages } from '#shared/reports/reports.messages.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { LowStockPage } from './low-stock-page.tsx';
import { makeLowStock } from './reports.fixture.ts';

const saved = ok({ message: reportsMessages.reorderPointSaved });

const render = () => {
  const api = fakeApi({
    'GET admin/reports/low-stock': ok(makeLowStock()),
    'GET admin/reports/settings': ok({ defaultReorderPoint: 10 }),
    'PUT admin/reports/reorder-points/11': saved,
    'PUT admin/reports/reorder-points/12': saved,
    'PUT admin/reports/settings': ({ body }) =>
      (body as { defaultReorderPoint: number }).defaultReorderPoint > 500
        ? refused(400, 'Enter a reorder point from 0 to 1,000,000.', 'defaultReorderPoint')
        : ok(body),
  });
  renderPage(<LowStockPage />, { path: '/admin/low-stock', route: '/admin/low-stock' });
  return api;
};

describe('low stock (decision 018)', () => {
  it('lists the options under their point with what sold in 30 days, and the list as CSV', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Low stock' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('LOW-11');
    expect([...rows[1]!.querySelectorAll('td')].slice(1, 3).map((c) => c.textContent)).toEqual(['3', '25']);
    const ownPoint = within(rows[2]!).getByLabelText('Reorder point of LOW-12') as HTMLInputElement;
    expect(ownPoint.value).toBe('4');
    const usesDefault = within(rows[1]!).getByLabelText('Reorder point of LOW-11') as HTMLInputElement;
    expect(usesDefault.value).toBe('');
    expect(usesDefault.placeholder).toBe('Default (10)');
    expect(within(rows[1]!).queryByRole('button', { name: 'Use default' })).toBeNull();
    expect(screen.getByText('2 options under the reorder point; the default point is 10.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/low-stock.csv',
    );
  });

  it('sets an option’s own reorder point in its row, and puts another back to the default', async () => {
    const { sent } = render();
    const row = await screen.findByRole('form', { name: 'Set the reorder point of LOW-11' });
    fireEvent.change(within(row).getByLabelText('Reorder point of LOW-11'), { target: { value: '-1' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Enter a reorder point from 0 to 1,000,000.')).toBeTruthy();
    expect(sent('PUT admin/reports/reorder-points/11')).toEqual([]);
    fireEvent.change(within(row).getByLabelText('Reorder point of LOW-11'), { target: { value: '6' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(reportsMessages.reorderPointSaved)).toBeTruthy();
    expect(sent('PUT admin/reports/reorder-points/11')[0]!.body).toEqual({ point: 6 });

    const own = screen.getByRole('form', { name: 'Set the reorder point of LOW-12' });
    fireEvent.click(within(own).getByRole('button', { name: 'Use default' }));
    await waitFor(() =>
      expect(sent('PUT admin/reports/reorder-points/12')[0]!.body).toEqual({ point: null }),
    );
    // Emptied and saved is the default again too.
    fireEvent.change(within(own).getByLabelText('Reorder point of LOW-12'), { target: { value: '' } });
    fireEvent.click(within(own).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('PUT admin/reports/reorder-points/12')[1]!.body).toEqual({ point: null }),
    );
  });

  it('saves the default reorder point, and shows the server’s refusal under it', async () => {
    const { sent } = render();
    const form = await screen.findByRole('form', { name: 'Default reorder point' });
    const box = within(form).getByLabelText('Default reorder point (units)') as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('10'));
    fireEvent.change(box, { target: { value: '600' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save default' }));
    expect(await within(form).findByText('Enter a reorder point from 0 to 1,000,000.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save default' }));
    expect(await screen.findByText(reportsMessages.settingsSaved)).toBeTruthy();
    expect(sent('PUT admin/reports/settings').map((c) => c.body)).toEqual([
      { defaultReorderPoint: 600 },
      { defaultReorderPoint: 12 },
    ]);
  });
});
