import { createHash } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { NotifiedCache } from '#server/db/notified-cache.ts';
import type { StoreInfo } from '#shared/store/store.schemas.ts';
import { getStoreInfo, type StoreDefaults } from './store.service.ts';

export const SETTINGS_CHANNEL = 'settings_changed';

/**
 * The store's settings (contact, delivery fee, unverified cap) read once and kept: checkout reads
 * them on every order. A change calls `changed()`, which drops this instance's copy and tells the
 * others through NOTIFY, so a new fee applies everywhere at once.
 */
export class StoreSettings extends NotifiedCache<StoreInfo> {
  constructor(database: Database, defaults: StoreDefaults) {
    super(database, SETTINGS_CHANNEL, () => getStoreInfo(database.db, defaults));
  }

  private readonly versions = new WeakMap<StoreInfo, string>();

  /** The settings with a version that changes whenever they do (for the `/store` ETag). */
  async versioned(): Promise<{ info: StoreInfo; version: string }> {
    const info = await this.get();
    let version = this.versions.get(info);
    if (!version) {
      version = createHash('sha256').update(JSON.stringify(info)).digest('base64url').slice(0, 16);
      this.versions.set(info, version);
    }
    return { info, version };
  }
}
