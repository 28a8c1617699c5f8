import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { createCompletedCompany } from '#server/modules/companies/locations.service.ts';
import { users } from './accounts.table.ts';
import { hashPassword, type ScryptCost } from './password.ts';

/** The demo buyer `npm start` seeds and prints (SEED_DEMO only; never in production by default). */
export const DEMO_BUYER = { email: 'buyer@smokestack.example', password: 'demo-buyer-2026' };

/** Creates the demo buyer (verified email, completed profile, a default address) if missing. */
export async function seedDemoBuyer(db: Db, cost: ScryptCost, now: Date): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_BUYER.email}`);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_BUYER.password, cost);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_BUYER.email,
        passwordHash,
        businessName: 'Demo Smoke & Vape LLC',
        name: 'Demo Buyer',
        phone: '+15550104201',
        emailVerifiedAt: now,
        isCompleted: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await createCompletedCompany(
      tx as unknown as Db,
      user!.id,
      { businessName: 'Demo Smoke & Vape LLC', phone: '+15550104201' },
      {
        name: 'Dallas store',
        streetAddress: '415 Elm St',
        streetAddress2: '',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75202',
      },
      now,
    );
  });
  return true;
}
