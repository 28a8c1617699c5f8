/** The accounts feature as other features and the app see it. */
export { useAddresses } from './api/account-mutations.ts';
export { useSignOut } from './api/auth-mutations.ts';
export { AddAddressForm } from './components/add-address-form.tsx';
export { AddressActions } from './components/address-actions.tsx';
