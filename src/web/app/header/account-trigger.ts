import type { Profile } from '#shared/accounts/accounts.schemas.ts';
import { ORDERING_LINKS } from '#web/lib/account-links.ts';

/** The header's account menu: its pages, in order (the menu's script loads on its own). */
export const ACCOUNT_LINKS = [
  ['My Account', '/account?p=My%20Account'],
  ['My Profile', '/account?p=My%20Profile'],
  ['My Orders', '/orders'],
  ...ORDERING_LINKS,
  ['Address', '/account?p=Address'],
  ['Change Password', '/account?p=Change%20Password'],
] as const;

/**
 * The menu for one login: a company's member also has its Company page (decision 015, open
 * question 3) and, after My Orders, the company's Quotes (decision 016, part 3) and its Invoices &
 * payments (decision 017).
 */
export function accountLinks(user: Pick<Profile, 'company'>): readonly (readonly [string, string])[] {
  if (!user.company) return ACCOUNT_LINKS;
  const [account, profile, orders, ...rest] = ACCOUNT_LINKS;
  return [
    account,
    profile,
    ['Company', '/company'],
    orders,
    ['Quotes', '/quotes'],
    ['Invoices & payments', '/account/invoices'],
    ...rest,
  ];
}

/** The account button's look, the same before and after the menu's script is there. */
export const TRIGGER =
  'flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold hover:bg-white/10';
