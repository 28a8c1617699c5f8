import type { Slots } from '#web/components/slots.tsx';
import { DirectoryListings, OrderCompliancePanel } from '#web/features/compliance/console/index.ts';
import { BuyerGroupPanel } from '#web/features/pricing/console/index.ts';

/**
 * The console's slots (components/slots.tsx): a page of one domain showing another's panel. The
 * console is loaded as one part, so its panels come with it.
 */
export const consoleSlots: Pick<Slots, 'OrderCompliancePanel' | 'BuyerGroupPanel' | 'DirectoryListings'> = {
  OrderCompliancePanel,
  BuyerGroupPanel,
  DirectoryListings,
};
