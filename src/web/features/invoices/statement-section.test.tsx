import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { makeStatement } from './invoices.fixture.ts';
import { StatementSection } from './statement-section.tsx';

const viewer = makeProfile({ company: { id: 'company-1', role: 'viewer', businessName: 'Chain Store 12' } });

const open = (statement = ok(makeStatement())) => {
  const api = fakeApi({ 'GET account/statement': statement });
  renderPage(<StatementSection today="2026-11-20" />, { user: viewer });
  return api;
};

const pdfLink = () => screen.getByRole('link', { name: 'Download PDF' });

describe('the statement of an owner or viewer (decision 017)', () => {
  it('starts at the first of the month and ends today; the PDF link follows the period', () => {
    open();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-20');
    expect(pdfLink().getAttribute('href')).toBe(
      '/api/v1/account/statement.pdf?from=2026-11-01&to=2026-11-20',
    );
    expect(pdfLink().hasAttribute('download')).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    expect(pdfLink().getAttribute('href')).toBe(
      '/api/v1/account/statement.pdf?from=2026-10-01&to=2026-11-20',
    );
  });

  it('a last day before the first is refused under To, and nothing is asked or downloaded', async () => {
    const { calls } = open();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show statement' }));
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The last day is before the first.')).toBeTruthy();
    // The download is stopped too rather than fetch an error page.
    expect(fireEvent.click(pdfLink())).toBe(false);
    expect(calls).toEqual([]);
  });

  it('shows the statement: opening balance, each entry with the running balance, closing balance', async () => {
    const { sent } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Show statement' }));
    const table = await screen.findByRole('table', {
      name: 'Statement for Chain Store 12, Nov 1, 2026 to Nov 20, 2026',
    });
    const [call] = sent('GET account/statement');
    expect(call!.query.get('from')).toBe('2026-11-01');
    expect(call!.query.get('to')).toBe('2026-11-20');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    // Each entry's details twice: under its number (phones) and in their own column (wider screens).
    expect(rows).toEqual([
      'DateDocumentDetailsAmountBalance',
      'Opening balance on Nov 1, 2026$20.00',
      'Nov 2, 2026INV-2026-000001Order SS-1Order SS-1$100.00$120.00',
      'Nov 10, 2026PAY-2026-000001Check 1047Check 1047-$50.00$70.00',
      'Closing balance on Nov 20, 2026$70.00',
    ]);
  });

  it("puts the server's refusal under the field it names", async () => {
    open(refused(400, 'Choose the first day.', 'from'));
    fireEvent.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByText('Choose the first day.')).toBeTruthy();
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
