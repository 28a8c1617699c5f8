import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxMessage } from '#shared/mail/outbox.schemas.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { MailPage } from './mail-page.tsx';

const sent: OutboxMessage = {
  id: 12,
  to: 'robin@shop.example',
  subject: 'Order SS-100123 received — Smokestack',
  status: 'sent',
  attempts: 2,
  lastError: '421 try again later',
  createdAt: '2026-11-20T15:00:00.000Z',
  sentAt: '2026-11-20T15:01:00.000Z',
  nextAttemptAt: '2026-11-20T15:01:00.000Z',
  text: 'Hello Robin,\n\nThank you for your order SS-100123.\n\nSee my orders: http://localhost:3000/orders',
  carriesToken: false,
};
const verification: OutboxMessage = {
  ...sent,
  id: 13,
  subject: 'Verify your email for Smokestack',
  lastError: null,
  text: 'Verify my email: http://localhost:3000/verify-email?token=[redacted]',
  carriesToken: true,
};
const { text: _t, carriesToken: _c, ...listed } = sent;
const list = ok({ mails: [listed, { ...listed, id: 13, subject: verification.subject }] });

describe('a mail opened from the mail page (decision 014, item 18)', () => {
  it('opens from the list and shows recipient, state, tries, last error and the text', async () => {
    fakeApi({ 'GET admin/outbox': list, 'GET admin/outbox/12': ok(sent) });
    renderPage(<MailPage />, { path: '/admin/mail', route: '/admin/mail' });
    fireEvent.click(
      await screen.findByRole('link', { name: `Open the mail “${sent.subject}” to ${sent.to}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: sent.subject });
    const text = await within(dialog).findByRole('region', { name: 'Text' });
    expect(text.querySelector('pre')?.textContent).toBe(sent.text);
    expect(within(dialog).getByText('robin@shop.example')).toBeTruthy();
    expect(within(dialog).getByText('421 try again later')).toBeTruthy();
    expect(within(dialog).getByText('2')).toBeTruthy();
  });

  it('resends a sent mail after a confirmation, and not without one', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { sent: calls } = fakeApi({
      'GET admin/outbox': list,
      'GET admin/outbox/12': ok(sent),
      'POST admin/outbox/12/resend': ok({
        message: 'A copy of the mail will be sent to robin@shop.example.',
        id: 40,
      }),
    });
    renderPage(<MailPage />, { path: '/admin/mail?open=12', route: '/admin/mail' });
    const dialog = await screen.findByRole('dialog', { name: sent.subject });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Resend' }));
    expect(confirm).toHaveBeenCalledWith(`Send a copy of “${sent.subject}” to robin@shop.example again?`);
    expect(calls('POST admin/outbox/12/resend')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A copy of the mail will be sent to robin@shop.example.')).toBeTruthy();
    expect(calls('POST admin/outbox/12/resend')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    confirm.mockRestore();
  });

  it('offers no resend for a mail with a one-time link, and says how the buyer gets a new one', async () => {
    fakeApi({ 'GET admin/outbox': list, 'GET admin/outbox/13': ok(verification) });
    renderPage(<MailPage />, { path: '/admin/mail?open=13', route: '/admin/mail' });
    const dialog = await screen.findByRole('dialog', { name: verification.subject });
    expect((await within(dialog).findByRole('region', { name: 'Text' })).textContent).toContain(
      'token=[redacted]',
    );
    expect(within(dialog).getByText(/carries a one-time link/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it("shows the server's refusal of a resend", async () => {
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    fakeApi({
      'GET admin/outbox': list,
      'GET admin/outbox/12': ok(sent),
      'POST admin/outbox/12/resend': refused(409, 'Sam Staff resent this mail moments ago (mail #40).'),
    });
    renderPage(<MailPage />, { path: '/admin/mail?open=12', route: '/admin/mail' });
    const dialog = await screen.findByRole('dialog', { name: sent.subject });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Resend' }));
    expect(
      await within(dialog).findByText('Sam Staff resent this mail moments ago (mail #40).'),
    ).toBeTruthy();
  });
});
