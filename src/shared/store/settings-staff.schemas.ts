import { z } from 'zod';
import { amountText } from '#shared/input/form-text.ts';
import { settingsMessages } from './store.messages.ts';

/** What staff edit in the store settings. */
const settingText = (max: number, label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** What staff edit in Settings; the store's full name comes from the deployment (STORE_NAME). */
export const StoreSettingsBodySchema = z.object({
  shortName: settingText(40, 'The short name'),
  contact: z.object({
    phone: settingText(40, 'The phone number'),
    email: z.email({ message: 'The contact email is not valid.' }).max(254),
    address: settingText(200, 'The address'),
    hours: settingText(120, 'The opening hours'),
  }),
  social: z
    .array(
      z.object({
        name: settingText(40, 'The network name'),
        url: z.url({ protocol: /^https$/, message: 'Social links must be https:// addresses.' }).max(300),
      }),
    )
    .max(8),
  pickupAddress: settingText(200, 'The pickup address'),
  deliveryFeeCents: z.number().int().min(0, 'The delivery fee cannot be negative.').max(100_000),
  unverifiedCapCents: z.number().int().min(0, 'The cap cannot be negative.').max(100_000_000),
  /** Left out: unchanged (the default, Texas, until staff choose). */
  storeState: z
    .string()
    .regex(/^[A-Z]{2}$/, "Choose the store's state.")
    .optional(),
  carrier: settingText(80, 'The carrier').optional(),
  /** Left out: unchanged. */
  paymentNote: settingText(600, 'The payment note').optional(),
});
export type StoreSettingsBody = z.input<typeof StoreSettingsBodySchema>;

const settingsShape = StoreSettingsBodySchema.shape;
const socialLink = settingsShape.social.element;
const isBlankLink = (l: { name: string; url: string }) => !l.name.trim() && !l.url.trim();

/**
 * The Settings form: amounts typed as text, and social rows left blank dropped (a row with
 * anything in it is checked like the body's).
 */
export const StoreSettingsFormSchema = StoreSettingsBodySchema.extend({
  social: z
    .array(
      z.object({ name: z.string(), url: z.string() }).superRefine((link, ctx) => {
        if (isBlankLink(link)) return;
        const checked = socialLink.safeParse(link);
        if (!checked.success)
          for (const issue of checked.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }),
    )
    .max(8)
    .transform((links) => links.filter((l) => !isBlankLink(l)).map((l) => socialLink.parse(l))),
  deliveryFeeCents: amountText(settingsMessages.amount).pipe(settingsShape.deliveryFeeCents),
  unverifiedCapCents: amountText(settingsMessages.amount).pipe(settingsShape.unverifiedCapCents),
});
