import { lazySlot, type Slots } from '#web/components/slots.tsx';

/**
 * The storefront's slots, each filled by the feature that owns the part (components/slots.tsx).
 * Each part loads with the page or drawer that first shows it, so the storefront's first load
 * carries none of them. The console adds its own (app/console/console-slots.tsx).
 */
export const storefrontSlots: Pick<
  Slots,
  'SaveToList' | 'NotifyMe' | 'OrdersPanel' | 'AddAddressForm' | 'AddressActions' | 'OrderInvoices'
> = {
  SaveToList: lazySlot(async () => (await import('#web/features/lists/index.ts')).SaveToList),
  NotifyMe: lazySlot(async () => (await import('#web/features/alerts/index.ts')).NotifyMe),
  OrdersPanel: lazySlot(async () => (await import('#web/features/orders/index.ts')).OrdersPanel),
  AddAddressForm: lazySlot(
    async () => (await import('#web/features/accounts/components/add-address-form.tsx')).AddAddressForm,
  ),
  AddressActions: lazySlot(
    async () => (await import('#web/features/accounts/components/address-actions.tsx')).AddressActions,
  ),
  OrderInvoices: lazySlot(async () => (await import('#web/features/invoices/index.ts')).OrderInvoices),
};
