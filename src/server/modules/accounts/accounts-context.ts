import type { Db } from '#server/db/client.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import type { ScryptCost } from './password.ts';

/** What sign-up, sign-in and the email flows use: the database, the clock, hashing cost and mail. */
export interface AccountsContext {
  db: Db;
  now: Date;
  scryptCost: ScryptCost;
  mail: MailSettings;
}
