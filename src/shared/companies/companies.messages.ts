import { formatCents } from '#shared/money.ts';
import { MAX_ORDER_LIMIT_CENTS } from './companies.rules.ts';

/** Company members, invitations and roles (decision 015, step 3): our own words, the spec has none. */
export const companyMessages = {
  /** A login with no company (staff) on a company's page. */
  membersOnly: 'Only a business account can do this.',
  ownerOnly: 'Only an owner of your company can do this.',
  viewerReadOnly:
    'Your role in your company is viewer: you can see the catalogue, orders and invoices, but not order or change anything. Ask an owner of your company for the buyer role.',
  ownerOnlyBusiness: 'Only an owner of your company can change its business name or phone number.',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  lastOwner: 'Your company needs at least one owner: make another member an owner first.',
  cannotRemoveYourself: 'You cannot remove yourself from your company. Another owner can.',
  emailHasAccount: 'That email already has an account.',
  alreadyInvited: 'That email already has an open invitation. Send it again from the list instead.',
  alreadyAccepted: 'This invitation was already accepted.',
  alreadyWithdrawn: 'This invitation was withdrawn.',
  roleRequired: 'Choose a role: owner, buyer or viewer.',
  emailRequired: 'Enter the email address to invite.',
  limitInvalid: 'Enter the order limit in dollars, like 500 or 500.00, or leave it empty for none.',
  limitTooHigh: `The order limit can be at most ${formatCents(MAX_ORDER_LIMIT_CENTS)}.`,
  limitOnlyForBuyers: 'Only a buyer can have an order limit.',
  taxIdTooLong: 'Keep the tax id to 40 characters or fewer.',
  tooManyInvitations:
    'Your company sent many invitations in the last hour. Please wait a while and try again.',
  sentMomentAgo: 'This invitation was sent a moment ago. Please wait a minute before sending it again.',
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  invitationResent: (email: string) => `Invitation sent again to ${email}.`,
  invitationWithdrawn: 'Invitation withdrawn.',
  memberUpdated: 'Member updated.',
  memberRemoved: (name: string) => `${name} was removed from your company.`,
  companyUpdated: 'Company details saved.',
  // The invitation link (public).
  invitationInvalid: 'This invitation link is not valid. Ask the person who invited you for a new one.',
  invitationExpired: 'This invitation has expired. Ask the person who invited you to send it again.',
  invitationUsed: 'This invitation was already accepted. Sign in with the email it was sent to.',
  invitationWithdrawnLink: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  invitationAccepted: (businessName: string) => `Welcome to ${businessName}!`,
  tooManyInvitationAttempts:
    'Too many invalid invitation links from this address. Please wait 15 minutes and try again.',
} as const;
