import { createHash } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { StoreInfo } from '#shared/store/store.schemas.ts';
import { getStoreInfo, type StoreDefaults } from './store.service.ts';

export const SETTINGS_CHANNEL = 'settings_changed';

/**
 * The store's settings (contact, delivery fee, unverified cap) read once and kept: checkout reads
 * them on every order. A change calls `changed()`, which drops this instance's copy and tells the
 * others through NOTIFY, so a new fee applies everywhere at once.
 */
export class StoreSettings {
  private current: Promise<StoreInfo> | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly defaults: StoreDefaults,
  ) {}

  get(): Promise<StoreInfo> {
    if (!this.current) {
      const loading = getStoreInfo(this.database.db, this.defaults);
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
    }
    return this.current;
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

  invalidate(): void {
    this.current = null;
  }

  /** Call after the settings row changes (it commits first). */
  async changed(): Promise<void> {
    this.invalidate();
    await this.database.notify(SETTINGS_CHANNEL, String(Date.now()));
  }

  async listen(): Promise<void> {
    this.stop = await this.database.listen(SETTINGS_CHANNEL, () => this.invalidate());
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.().catch(() => {});
  }
}
