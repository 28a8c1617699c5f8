import { consoleRead } from '#web/lib/console-api.ts';

/** The store settings' read (lib/console-api.ts, consoleRead). */
export const storeSettingsQuery = () => consoleRead('settings', 'StoreInfoSchema');
