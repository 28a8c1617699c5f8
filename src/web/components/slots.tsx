import type { ComponentType, ReactNode } from 'react';
import { createContext, lazy, Suspense, useContext, useMemo } from 'react';
import type { Address } from '#shared/accounts/accounts.schemas.ts';
import type { ListItemsBody } from '#shared/lists/lists.schemas.ts';
import type { OrderTab } from '#shared/orders/order-tracking.ts';

/**
 * Slots: where one feature shows a part that another feature owns. No feature imports another
 * (scripts/boundaries.ts); a feature names the part it wants here, with its props, and the app
 * fills each slot with the owning feature's component (`app/slots.tsx`, and the console's own in
 * `app/console/console-slots.tsx`). A slot nobody filled shows nothing, so a feature's tests render
 * it alone, or fill the slots they look at.
 */
export interface SlotProps {
  /** Lists: "Save to list" for what `items()` gives when pressed (null items: nothing chosen). */
  SaveToList: {
    items: () => ListItemsBody['items'];
    label?: string;
    className?: string;
    /** Called instead of opening when `items()` is empty. */
    onNothing?: () => void;
  };
  /** Alerts: "Notify me" when a variant is out of stock. */
  NotifyMe: { sku: string; name: string };
  /** Orders: the Orders / Cancelled / Delivered tabs and their order cards. */
  OrdersPanel: {
    tab: OrderTab;
    onTab: (tab: OrderTab) => void;
    pastMonth?: boolean;
    limit?: number;
    toolbar?: ReactNode;
  };
  /** Accounts: the form that adds an address to the book. */
  AddAddressForm: { title?: string; onAdded?: (address: Address) => void };
  /** Accounts: one saved address's "Make it Default" and remove buttons. */
  AddressActions: { address: Address; removeLabel?: string };
  /** Invoices: an order's invoices and credit notes with their PDFs (nothing before it is invoiced). */
  OrderInvoices: { orderNumber: string };
  /** Compliance (console): an order's compliance and excise summary. */
  OrderCompliancePanel: { number: string };
  /** Pricing (console): the customer group a buyer is in. */
  BuyerGroupPanel: { userId: string };
  /** Compliance (console): a product's state directory listings. */
  DirectoryListings: { productId: number };
  /** Receivables (console): a company's account, credit, payments, refunds and statement. */
  CompanyReceivables: { companyId: string };
  /** Receivables (console): an order's invoices and credit notes, each with its PDF. */
  ConsoleOrderInvoices: { orderNumber: string };
}

export type SlotName = keyof SlotProps;
export type Slots = { [K in SlotName]: ComponentType<SlotProps[K]> };

const SlotsContext = createContext<Partial<Slots>>({});

/** Fills slots for everything below it; an inner provider adds to (or replaces) the outer's. */
export function SlotsProvider({ slots, children }: { slots: Partial<Slots>; children: ReactNode }) {
  const outer = useContext(SlotsContext);
  const value = useMemo(() => ({ ...outer, ...slots }), [outer, slots]);
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

/** Shows the part filling slot `of` (`<Slot of="NotifyMe" sku=… />`), or nothing when none does. */
export function Slot<K extends SlotName>({ of, ...props }: { of: K } & SlotProps[K]) {
  const Part = useContext(SlotsContext)[of] as ComponentType<SlotProps[K]> | undefined;
  return Part ? <Part {...(props as unknown as SlotProps[K] & object)} /> : null;
}

/**
 * A slot's part loaded with the page that first shows it (code splitting: the storefront's first
 * load carries none of it); nothing shows while it loads.
 */
export function lazySlot<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazySlot(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
