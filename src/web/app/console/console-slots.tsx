import type { ComponentType } from 'react';
import type { Permission } from '#shared/staff/staff-roles.ts';
import type { Slots } from '#web/components/slots.tsx';
import { DirectoryListings, OrderCompliancePanel } from '#web/features/compliance/console/index.ts';
import { BuyerGroupPanel } from '#web/features/pricing/console/index.ts';
import { CompanyReceivables, OrderInvoices } from '#web/features/receivables-console/index.ts';
import { useStaffMay } from '#web/lib/console-api.ts';

/** A panel shown only to a role that includes its domain's permission (decision 016): nothing otherwise. */
function forRole<P extends object>(permission: Permission, Panel: ComponentType<P>): ComponentType<P> {
  function Permitted(props: P) {
    return useStaffMay()(permission) ? <Panel {...props} /> : null;
  }
  return Permitted;
}

/**
 * The console's slots (components/slots.tsx): a page of one domain showing another's panel, when
 * the staff member's role includes that domain. The console is loaded as one part, so its panels
 * come with it.
 */
export const consoleSlots: Pick<
  Slots,
  | 'OrderCompliancePanel'
  | 'BuyerGroupPanel'
  | 'DirectoryListings'
  | 'CompanyReceivables'
  | 'ConsoleOrderInvoices'
> = {
  OrderCompliancePanel: forRole('compliance', OrderCompliancePanel),
  BuyerGroupPanel: forRole('prices', BuyerGroupPanel),
  DirectoryListings: forRole('compliance', DirectoryListings),
  // A company's account is read by every role that reads companies; its changes need `receivables`.
  CompanyReceivables: forRole('companies.read', CompanyReceivables),
  ConsoleOrderInvoices: forRole('orders.read', OrderInvoices),
};
