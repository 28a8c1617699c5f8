import type { CompanyRole } from './companies.rules.ts';

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

/** Staff's companies pages in the console (decision 015, step 5). */
export const companyStaffMessages = {
  companyNotFound: 'Company not found',
  noteRequired: 'Write the note first.',
  noteTooLong: 'Keep the note to 2,000 characters or fewer.',
  noteAdded: 'Note added.',
  limitInvalid: 'The location limit is a whole number from 1 to 50.',
  limitBelowLocations: (locations: number) =>
    `This company has ${locations} locations: the limit cannot be lower than that. Remove locations first, or choose ${locations} or more.`,
  limitSaved: (limit: number) => `The company may now keep up to ${limit} locations.`,
  groupInvalid: 'Choose a customer group, or none.',
  groupSaved: (name: string | null) =>
    name ? `The company is now in ${name}.` : 'The company is in no group now: it sees list prices.',
  disabled: 'Company disabled: its members are signed out and cannot sign in or order.',
  enabled: 'Company enabled: its members can sign in again.',
  alreadyDisabled: 'The company was already disabled.',
  alreadyEnabled: 'The company was already enabled.',
  lastOwner: 'This company needs at least one owner: make another member an owner first.',
  memberRemoved: (name: string, businessName: string) => `${name} was removed from ${businessName}.`,
  notASalesRep: 'Choose a staff member whose role is Sales, or none.',
  salesRepSaved: (name: string | null) =>
    name ? `${name} now looks after this company.` : 'No sales rep looks after this company now.',
} as const;

/** What each role is called, and what it may do, as members and staff read them. */
export const ROLE_LABELS: Record<CompanyRole, string> = { owner: 'Owner', buyer: 'Buyer', viewer: 'Viewer' };
export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  owner: 'Everything, including members, locations and order limits',
  buyer: 'Orders and uploads documents; sees everything else',
  viewer: 'Sees the catalogue, orders, invoices and tracking; cannot order or change anything',
};
