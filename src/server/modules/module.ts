import type { FastifyPluginAsync } from 'fastify';
import type { ChangeFeed } from '#server/db/change-feed.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { CookieSettings } from '#server/http/cookie-settings.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { MediaStore } from '#server/storage/media-store.ts';
import type { PrivateStore } from '#server/storage/private-store.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import type { ScryptCost } from './accounts/password.ts';
import type { CatalogueCache } from './catalogue/catalogue-cache.ts';
import type { ComplianceCache } from './compliance/compliance-cache.ts';
import type { PricingCache } from './pricing/pricing-cache.ts';
import type { UserEventBus } from './events/event-bus.ts';
import type { StoreSettings } from './store/store-settings.ts';

/**
 * What every domain module is given: buildApp makes one of these and registers each module's
 * plugin with it under /api/v1. A module registers its storefront routes and its staff routes
 * (under /admin/…) from it.
 */
export interface ModuleDeps {
  database: Database;
  db: Db;
  cookie: CookieSettings;
  clock: () => Date;
  mail: MailSettings;
  events: UserEventBus;
  /** Changes written inside transactions (an order's stock and cart event), heard after commit. */
  changes: ChangeFeed;
  settings: StoreSettings;
  catalogue: CatalogueCache;
  /** State rules, directory listings and excise rates, kept in memory. */
  compliance: ComplianceCache;
  /** Customer groups, their price lists and members, kept in memory. */
  pricing: PricingCache;
  privateStore: PrivateStore;
  media: MediaStore;
  secretBox: SecretBox;
  scryptCost: ScryptCost;
  /** The store's name, as authenticator apps show it. */
  issuer: string;
}

export type AppModule = FastifyPluginAsync<ModuleDeps>;
