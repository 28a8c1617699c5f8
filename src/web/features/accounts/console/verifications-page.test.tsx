import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { VerificationsPage } from './verifications-page.tsx';

const queued = (id: string, location: { id: string; name: string; state: string } | null) => ({
  id,
  kind: 'tobacco_license' as const,
  originalName: `${id}.pdf`,
  contentType: 'application/pdf',
  size: 2048,
  uploadedAt: '2026-11-20T15:00:00.000Z',
  buyer: { id: 'u1', name: 'Dana Buyer', businessName: 'Corner Shop LLC', email: 'dana@shop.example' },
  companyId: 'c1',
  location,
});

describe('the verification queue', () => {
  it('names whom each document stands for: one location (and its state), or the whole company', async () => {
    fakeApi({
      'GET admin/verifications': ok({
        documents: [queued('d1', { id: 'l2', name: 'Atlanta shop', state: 'GA' }), queued('d2', null)],
      }),
      'GET admin/documents/expiring': ok({ documents: [] }),
    });
    renderPage(<VerificationsPage />);
    const list = await screen.findByRole('list', { name: 'Waiting for review' });
    const [shop, company] = within(list).getAllByRole('button');
    expect(shop!.textContent).toContain('Location: Atlanta shop (GA)');
    expect(company!.textContent).toContain('The company (every location)');
    fireEvent.click(shop!);
    expect((await screen.findByText('For')).nextElementSibling!.textContent).toBe(
      'Location: Atlanta shop (GA)',
    );
    // The company's page, with every location's documents, is one step away.
    expect(screen.getByRole('link', { name: 'Corner Shop LLC' }).getAttribute('href')).toBe(
      '/admin/companies/c1',
    );
  });
});
