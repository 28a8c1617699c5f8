import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { AddAddressBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { AddressBook } from './address-book.tsx';

const saved = {
  id: 'a1',
  name: 'Main St store',
  streetAddress: '12 Elm St',
  streetAddress2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  isDefault: true,
};

describe('address book: locations with names', () => {
  it("counts against the company's location limit (staff may raise the spec's 5)", async () => {
    fakeApi({
      'GET account/addresses': ok({ addresses: [saved] }),
      'GET company/locations': ok({
        locations: [],
        companyDocuments: { salesId: null, tobaccoLicense: null },
        locationLimit: 12,
      }),
    });
    renderPage(<AddressBook />);
    expect(await screen.findByRole('heading', { name: 'Saved addresses (1 of 12)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Locations' }).getAttribute('href')).toBe('/company/locations');
  });

  it("shows a location's name above its address, and none for an unnamed one", async () => {
    fakeApi({
      'GET account/addresses': ok({
        addresses: [saved, { ...saved, id: 'a2', name: '', streetAddress: '9 Oak Ave' }],
      }),
    });
    renderPage(<AddressBook />);
    const named = await screen.findByText('Main St store');
    expect(named.closest('li')!.textContent).toContain('12 Elm St');
    const unnamed = screen.getByText(/9 Oak Ave/).closest('li')!;
    expect(within(unnamed).queryByText('Main St store')).toBeNull();
    expect(unnamed.querySelector('p')).toBeNull();
  });

  it('sends the optional name with a new address, trimmed by the shared rule, and refuses one too long', async () => {
    const api = fakeApi({
      'GET account/addresses': ok({ addresses: [] }),
      'POST account/addresses': ({ body }) => ({
        status: 201,
        body: { ...saved, ...(body as object), id: 'a9' },
      }),
    });
    renderPage(<AddressBook />);
    const name = await screen.findByLabelText('Location name (optional)');
    fireEvent.input(name, { target: { value: 'x'.repeat(61) } });
    fireEvent.input(screen.getByLabelText('Street address'), { target: { value: '1 Main St' } });
    fireEvent.input(screen.getByLabelText('City'), { target: { value: 'Dallas' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TX' } });
    fireEvent.input(screen.getByLabelText('ZIP code'), { target: { value: '75201' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText(accountMessages.locationNameTooLong)).toBeTruthy();
    expect(api.sent('POST account/addresses')).toHaveLength(0);

    fireEvent.input(name, { target: { value: '  Dallas store ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(api.sent('POST account/addresses')).toHaveLength(1));
    const sent = api.sent('POST account/addresses')[0]!.body;
    expect(AddAddressBodySchema.parse(sent)).toMatchObject({ name: 'Dallas store', city: 'Dallas' });
  });
});

describe('address book of a member who is no owner (decision 015, open question 4)', () => {
  it("lists the company's addresses, with no form to add and no buttons to change them", async () => {
    fakeApi({ 'GET account/addresses': ok({ addresses: [saved] }) });
    renderPage(<AddressBook />, {
      user: makeProfile({ company: { id: 'company-1', role: 'buyer', businessName: 'Chain Store 12' } }),
    });
    expect(await screen.findByText('Main St store')).toBeTruthy();
    expect(screen.getByText(/Only an owner of your company can add, remove or change them/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Default')).toBeTruthy();
  });
});
