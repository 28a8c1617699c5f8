import type { MinimumPriceBody } from '#shared/pricing/minimum-prices.schemas.ts';
import { consoleRead, useAdminMutation } from '#web/lib/console-api.ts';

/** Options' minimum prices, read and set (/api/v1/admin/pricing/minimum-prices). */
const PATH = 'pricing/minimum-prices';

/** Every option with a minimum price, by product and option name. */
export const minimumPricesQuery = () => consoleRead(PATH, 'MinimumPriceListSchema');

/** Sets an option's minimum price, or removes it (null); the answer is the list as it is now. */
export const useSetMinimumPrice = () =>
  useAdminMutation('PUT', (_: MinimumPriceBody) => PATH, 'MinimumPriceListSchema');
