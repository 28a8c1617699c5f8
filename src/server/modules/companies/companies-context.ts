import type { MemberContext } from '#server/http/request-context.ts';
import type { ScryptCost } from '#server/modules/accounts/password.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';

/** What the company's own pages need: who asks, for which company, and its members' open pages. */
export type CompanyContext = MemberContext & { events: UserEventBus };
/** Changes of who is in a company: the prices a new or removed member sees follow (their group's). */
export type MembershipContext = CompanyContext & { pricing: PricingCache };
/** Invitations: mail goes out through the outbox. */
export type InvitationContext = MembershipContext & { mail: MailSettings };
/** Accepting an invitation (no one signed in yet): the link's new member, their password, their client. */
export type AcceptContext = Omit<MembershipContext, 'userId' | 'companyId'> & {
  mail: MailSettings;
  scryptCost: ScryptCost;
  ip: string;
};
