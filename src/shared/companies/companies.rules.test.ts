import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { companyMessages } from './companies.messages.ts';
import {
  canManage,
  INVITATION_LIFETIME_MS,
  invitationStatus,
  isCompanyRole,
  leavesNoOwner,
  MAX_ORDER_LIMIT_CENTS,
  mayHaveLimit,
  mayOrder,
} from './companies.rules.ts';
import {
  AcceptInvitationBodySchema,
  InviteBodySchema,
  InviteFormSchema,
  MemberFormSchema,
  UpdateCompanyBodySchema,
  UpdateMemberBodySchema,
} from './companies.schemas.ts';

const firstMessage = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (r.success ? null : [r.error!.issues[0]!.message, r.error!.issues[0]!.path.join('.')]);

describe('what each role may do (decision 015, step 3)', () => {
  it('owners and buyers order; viewers do not; nothing else is a role', () => {
    expect(['owner', 'buyer', 'viewer'].map(mayOrder)).toEqual([true, true, false]);
    expect(mayOrder('staff')).toBe(false);
    expect(mayOrder('')).toBe(false);
    expect(['owner', 'buyer', 'viewer', 'admin'].map(isCompanyRole)).toEqual([true, true, true, false]);
  });

  it('only owners manage the company; only buyers have an order limit', () => {
    expect(['owner', 'buyer', 'viewer'].map(canManage)).toEqual([true, false, false]);
    expect(['owner', 'buyer', 'viewer'].map(mayHaveLimit)).toEqual([false, true, false]);
  });

  it('a company never loses its last owner, by demotion or removal', () => {
    expect(leavesNoOwner('owner', 'buyer', 0)).toBe(true);
    expect(leavesNoOwner('owner', null, 0)).toBe(true);
    expect(leavesNoOwner('owner', 'viewer', 1)).toBe(false);
    expect(leavesNoOwner('owner', null, 2)).toBe(false);
    expect(leavesNoOwner('owner', 'owner', 0)).toBe(false);
    expect(leavesNoOwner('buyer', null, 0)).toBe(false);
    expect(leavesNoOwner('viewer', 'buyer', 0)).toBe(false);
  });

  it('an invitation is pending for 7 days, then expired; accepted and withdrawn are final', () => {
    const sent = new Date('2026-11-22T12:00:00Z');
    const expiresAt = new Date(sent.getTime() + INVITATION_LIFETIME_MS);
    const inv = { acceptedAt: null, withdrawnAt: null, expiresAt };
    expect(INVITATION_LIFETIME_MS).toBe(7 * 86_400_000);
    expect(invitationStatus(inv, new Date(expiresAt.getTime() - 1))).toBe('pending');
    expect(invitationStatus(inv, expiresAt)).toBe('expired');
    expect(invitationStatus({ ...inv, acceptedAt: sent }, sent)).toBe('accepted');
    expect(invitationStatus({ ...inv, withdrawnAt: sent }, new Date(expiresAt.getTime() + 1))).toBe(
      'withdrawn',
    );
  });
});

describe('the shared forms and bodies', () => {
  it('an invitation: a valid email, a role, a limit only for a buyer', () => {
    expect(InviteBodySchema.parse({ email: ' ana@shop.example ', role: 'viewer' })).toEqual({
      email: 'ana@shop.example',
      role: 'viewer',
      orderLimitCents: null,
    });
    expect(
      InviteBodySchema.parse({ email: 'a@b.co', role: 'buyer', orderLimitCents: 0 }).orderLimitCents,
    ).toBe(0);
    expect(firstMessage(InviteBodySchema.safeParse({ email: '', role: 'buyer' }))).toEqual([
      companyMessages.emailRequired,
      'email',
    ]);
    expect(firstMessage(InviteBodySchema.safeParse({ email: 'nope', role: 'buyer' }))).toEqual([
      accountMessages.invalidEmailFormat,
      'email',
    ]);
    expect(firstMessage(InviteBodySchema.safeParse({ email: 'a@b.co', role: 'boss' }))).toEqual([
      companyMessages.roleRequired,
      'role',
    ]);
    expect(
      firstMessage(InviteBodySchema.safeParse({ email: 'a@b.co', role: 'viewer', orderLimitCents: 100 })),
    ).toEqual([companyMessages.limitOnlyForBuyers, 'orderLimitCents']);
    for (const bad of [-1, 1.5, '100'])
      expect(
        firstMessage(InviteBodySchema.safeParse({ email: 'a@b.co', role: 'buyer', orderLimitCents: bad })),
      ).toEqual([companyMessages.limitInvalid, 'orderLimitCents']);
    expect(
      firstMessage(
        UpdateMemberBodySchema.safeParse({ role: 'buyer', orderLimitCents: MAX_ORDER_LIMIT_CENTS + 1 }),
      ),
    ).toEqual([companyMessages.limitTooHigh, 'orderLimitCents']);
  });

  it('the forms take the limit in dollars, and drop it for a role without one', () => {
    expect(
      InviteFormSchema.parse({ email: 'a@b.co', role: 'buyer', orderLimit: '$1000' }).orderLimitCents,
    ).toBe(100_000);
    expect(InviteFormSchema.parse({ email: 'a@b.co', role: 'buyer', orderLimit: '250.5' })).toEqual({
      email: 'a@b.co',
      role: 'buyer',
      orderLimitCents: 25050,
    });
    expect(MemberFormSchema.parse({ role: 'buyer', orderLimit: ' ' })).toEqual({
      role: 'buyer',
      orderLimitCents: null,
    });
    expect(MemberFormSchema.parse({ role: 'viewer', orderLimit: 'not a number' })).toEqual({
      role: 'viewer',
      orderLimitCents: null,
    });
    expect(firstMessage(MemberFormSchema.safeParse({ role: 'buyer', orderLimit: 'lots' }))).toEqual([
      companyMessages.limitInvalid,
      'orderLimit',
    ]);
    expect(firstMessage(MemberFormSchema.safeParse({ role: 'buyer', orderLimit: '99999999' }))).toEqual([
      companyMessages.limitTooHigh,
      'orderLimit',
    ]);
  });

  it('the company: a trimmed tax id of 1 to 40 characters, empty clears it, left out stays', () => {
    const base = { businessName: ' Corner Shop ', phoneNumber: '+1 (555) 010-4200' };
    expect(UpdateCompanyBodySchema.parse({ ...base, taxId: '  12-3456789 ' })).toEqual({
      businessName: 'Corner Shop',
      phoneNumber: '+15550104200',
      taxId: '12-3456789',
    });
    expect(UpdateCompanyBodySchema.parse({ ...base, taxId: '   ' }).taxId).toBeNull();
    expect(UpdateCompanyBodySchema.parse(base).taxId).toBeUndefined();
    expect(firstMessage(UpdateCompanyBodySchema.safeParse({ ...base, taxId: 'x'.repeat(41) }))).toEqual([
      companyMessages.taxIdTooLong,
      'taxId',
    ]);
    expect(firstMessage(UpdateCompanyBodySchema.safeParse({ ...base, phoneNumber: '555' }))).toEqual([
      accountMessages.invalidPhoneEdit,
      'phoneNumber',
    ]);
  });

  it("accepting: sign-up's rules and messages, in sign-up's order", () => {
    const ok = { name: ' Ana ', password: 'long enough pass', confirmPassword: 'long enough pass' };
    expect(AcceptInvitationBodySchema.parse(ok)).toEqual({ name: 'Ana', password: 'long enough pass' });
    expect(firstMessage(AcceptInvitationBodySchema.safeParse({ ...ok, name: ' ' }))).toEqual([
      accountMessages.allFieldsRequired,
      'name',
    ]);
    expect(firstMessage(AcceptInvitationBodySchema.safeParse({ ...ok, confirmPassword: 'other' }))).toEqual([
      accountMessages.passwordsDoNotMatch,
      'confirmPassword',
    ]);
    expect(
      firstMessage(
        AcceptInvitationBodySchema.safeParse({ ...ok, password: 'short', confirmPassword: 'short' }),
      ),
    ).toEqual([accountMessages.passwordLength, 'password']);
  });
});
