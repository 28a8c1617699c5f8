import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { Document } from '#shared/accounts/accounts.schemas.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { LocationsPage } from './locations-page.tsx';

const doc = (kind: Document['kind'], status: Document['status']): Document => ({
  kind,
  status,
  expiresOn: status === 'verified' ? '2030-01-31' : null,
  originalName: `${kind}.pdf`,
  contentType: 'application/pdf',
  size: 10,
  md5Hash: 'x',
  timeCreated: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  note: null,
});
const place = { streetAddress2: '', isDefault: false, name: '' };
const dallas = {
  ...place,
  id: 'l1',
  streetAddress: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  isDefault: true,
  documents: { salesId: null, tobaccoLicense: null },
};
const atlanta = {
  ...place,
  id: 'l2',
  name: 'Atlanta shop',
  streetAddress: '9 Peach St',
  city: 'Atlanta',
  state: 'GA',
  zipCode: '30301',
  documents: { salesId: null, tobaccoLicense: doc('tobacco_license', 'pending') },
};

describe('the Locations page', () => {
  it("shows each shop with its own documents, else the company's that stand for it", async () => {
    fakeApi({
      'GET company/locations': ok({
        locations: [dallas, atlanta],
        companyDocuments: {
          salesId: doc('sales_id', 'verified'),
          tobaccoLicense: doc('tobacco_license', 'verified'),
        },
        locationLimit: 5,
      }),
    });
    renderPage(<LocationsPage />);
    const shop = (await screen.findByRole('heading', { name: 'Atlanta shop' })).closest('li')!;
    // Atlanta's own license: waiting, downloadable from the location's own address.
    expect(within(shop).getByText(accountMessages.verificationPending)).toBeTruthy();
    const link = within(shop).getByRole('link', { name: 'Download tobacco_license.pdf' });
    expect(link.getAttribute('href')).toBe('/api/v1/company/locations/l2/documents/tobacco_license');
    // Its Sales ID is the company's, verified; it may upload one of its own.
    expect(within(shop).getByText("This shop uses your company's Sales ID (verified).")).toBeTruthy();
    expect(within(shop).getAllByLabelText('Sales ID')).toHaveLength(1);
    // Dallas (the default, unnamed: its street) has none of its own.
    const home = screen.getByRole('heading', { name: /1 Main St/ }).closest('li')!;
    expect(within(home).getByText('Default')).toBeTruthy();
    expect(within(home).getByText("This shop uses your company's Tobacco License (verified).")).toBeTruthy();
    expect(within(home).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('says when neither the shop nor the company has one, and when there are no locations', async () => {
    fakeApi({
      'GET company/locations': ok({
        locations: [dallas],
        companyDocuments: { salesId: null, tobaccoLicense: null },
        locationLimit: 5,
      }),
    });
    const first = renderPage(<LocationsPage />);
    expect(await screen.findByText('Neither this shop nor your company has a Sales ID yet.')).toBeTruthy();
    first.unmount();
    fakeApi({
      'GET company/locations': ok({
        locations: [],
        companyDocuments: { salesId: null, tobaccoLicense: null },
        locationLimit: 5,
      }),
    });
    renderPage(<LocationsPage />);
    expect(await screen.findByText(/No locations yet/)).toBeTruthy();
  });

  it('signed out: home', async () => {
    fakeApi({});
    renderPage(<LocationsPage />, { user: null, route: '/company/locations', path: '/company/locations' });
    expect(await screen.findByText(/Landed on/)).toBeTruthy();
  });
});
