import { randomBytes } from 'node:crypto';
import { insertStaffUser } from '#server/modules/accounts/credentials.ts';

/** The demo staff login `npm start` seeds and prints (SEED_DEMO only). TOTP is set up at first sign-in. */
export const DEMO_STAFF = {
  email: 'staff@smokestack.example',
  password: 'demo-staff-2026',
  name: 'Demo Staff',
};

/** A password to hand over once: 20 characters from an alphabet without look-alikes. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Creates a staff account (email verified, profile complete), or answers null when the email is
 * taken. Staff set up their authenticator app at first sign-in.
 */
export const createStaff = insertStaffUser;
