import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { hashPassword, type ScryptCost } from '#server/modules/accounts/password.ts';

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
export async function createStaff(
  db: Db,
  input: { email: string; name: string; password: string; oneTimePassword?: boolean },
  cost: ScryptCost,
  now: Date,
): Promise<{ id: string } | null> {
  const email = input.email.trim();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing) return null;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password, cost),
      role: 'staff',
      businessName: 'Staff',
      name: input.name.trim(),
      phone: '',
      emailVerifiedAt: now,
      isCompleted: true,
      // A password handed over (printed by staff:create) is replaced at first sign-in.
      passwordChangeRequired: input.oneTimePassword ?? false,
      createdAt: now,
      updatedAt: now,
    })
    // Two requests racing for one address: the unique index lets one through, the other is null.
    .onConflictDoNothing()
    .returning({ id: users.id });
  return user ?? null;
}
