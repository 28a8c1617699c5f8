import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AddAddressBodySchema,
  ChangePasswordBodySchema,
  SignUpBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { requireFilled } from './required.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('requireFilled: the "all fields are required" rules put the message on each blank field', () => {
  it('sign-up: every blank field, in form order, and no later check', () => {
    const r = SignUpBodySchema.safeParse({
      businessName: 'Shop',
      name: '  ',
      phoneNumber: '',
      email: 'a@b.co',
      password: 'x',
      confirmPassword: '',
    });
    expect(issues(r)).toEqual([
      ['name', 'All fields are required'],
      ['phoneNumber', 'All fields are required'],
      ['confirmPassword', 'All fields are required'],
    ]);
  });

  it('an address: the four required fields, street 2 optional', () => {
    const r = AddAddressBodySchema.safeParse({ streetAddress: '1 Main', city: '', state: '', zipCode: '1' });
    expect(issues(r)).toEqual([
      ['city', 'Fill all the fields'],
      ['state', 'Fill all the fields'],
    ]);
  });

  it('change password: a blank password counts as blank, spaces do not', () => {
    expect(
      issues(ChangePasswordBodySchema.safeParse({ oldPassword: '', password: '', confirmPassword: ' ' })),
    ).toEqual([
      ['oldPassword', 'All fields are required.'],
      ['password', 'All fields are required.'],
    ]);
    expect(
      issues(ChangePasswordBodySchema.safeParse({ oldPassword: 'o', password: 'a', confirmPassword: 'b' })),
    ).toEqual([['confirmPassword', 'New password and confirm password do not match.']]);
  });

  it('a field left out, or not text, counts as blank too', () => {
    const NoteSchema = z
      .object({ note: z.string().optional(), count: z.unknown(), name: z.string() })
      .superRefine((body, ctx) => {
        requireFilled(ctx, body, ['note', 'count', 'name'], 'Fill it in');
      });
    expect(NoteSchema.safeParse({ count: 3, name: 'ok' }).error?.issues).toEqual([
      { code: 'custom', path: ['note'], message: 'Fill it in' },
      { code: 'custom', path: ['count'], message: 'Fill it in' },
    ]);
    expect(NoteSchema.safeParse({ note: 'n', count: 'c', name: 'ok' }).success).toBe(true);
  });
});
