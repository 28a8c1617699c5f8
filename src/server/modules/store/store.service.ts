import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { WithDb } from '#server/http/request-context.ts';
import { FLAT_DELIVERY_CENTS } from '#shared/catalogue/zip.ts';
import type { NewsletterBody, StoreInfo } from '#shared/store/store.schemas.ts';
import { newsletterSubscribers, settings } from './store.table.ts';

export const STORE_SETTINGS_KEY = 'store';
/** Orders from buyers without both documents verified are capped at this subtotal ($500.00). */
export const DEFAULT_UNVERIFIED_CAP_CENTS = 50_000;

export interface StoreDefaults {
  storeName: string;
  shortName: string;
}

/** What a store shows before staff fill in its settings (the staff console edits these). */
export function defaultStoreInfo(d: StoreDefaults): StoreInfo {
  return {
    storeName: d.storeName,
    shortName: d.shortName,
    contact: {
      phone: '+1 (555) 010-4200',
      email: 'orders@smokestack.example',
      address: '1200 Commerce Park Dr, Suite 4, Dallas, TX 75201',
      // The home page promises 24/7 support: by email, with the phone in business hours (decision 014, item 13).
      hours: 'Phone Mon–Sat 9:00–18:00 CT · email and online orders 24/7',
    },
    social: [
      { name: 'Instagram', url: 'https://www.instagram.com/' },
      { name: 'Facebook', url: 'https://www.facebook.com/' },
      { name: 'X', url: 'https://x.com/' },
    ],
    pickupAddress: '1200 Commerce Park Dr, Suite 4, Dallas, TX 75201 (dock B, Mon–Sat 9:00–18:00)',
    deliveryFeeCents: FLAT_DELIVERY_CENTS,
    unverifiedCapCents: DEFAULT_UNVERIFIED_CAP_CENTS,
    storeState: 'TX',
    carrier: 'UPS Ground',
    paymentNote:
      'We will call or email you within one business day to confirm your order and arrange payment by PayPal, Visa, Mastercard or Discover. Your order is packed once payment is arranged.',
  };
}

/** What staff saved (only the fields they set), merged over the defaults by getStoreInfo. */
export async function savedSettings({ db }: WithDb): Promise<Partial<StoreInfo>> {
  const [row] = await db.select().from(settings).where(eq(settings.key, STORE_SETTINGS_KEY));
  return (row?.value as Partial<StoreInfo> | undefined) ?? {};
}

export async function saveSettings(db: Db, value: Partial<StoreInfo>): Promise<void> {
  await db
    .insert(settings)
    .values({ key: STORE_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export async function getStoreInfo(db: Db, d: StoreDefaults): Promise<StoreInfo> {
  return { ...defaultStoreInfo(d), ...(await savedSettings({ db: db })) };
}

/** Subscribing twice is not an error: the second call changes nothing and says the same. */
export async function subscribeToNewsletter({ db }: WithDb, body: NewsletterBody): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email: body.email }).onConflictDoNothing();
}
