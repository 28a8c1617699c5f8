import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailTokens } from './accounts.table.ts';
import { hashToken } from './session.service.ts';

export type TokenPurpose = 'verify_email' | 'reset_password';
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3_600_000,
  reset_password: 3_600_000,
};

type Tx = Pick<Db, 'insert' | 'update' | 'select'>;

export async function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** The token of this purpose, not used and not expired. */
const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/**
 * Marks a token used and returns its user, in one conditional update: of two requests racing
 * with the same link, exactly one gets the user.
 */
export async function consumeToken(
  tx: Tx,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Whether a token could be consumed now (a read: nothing is marked). Cheap checks go first. */
export async function tokenIsLive(tx: Tx, token: string, purpose: TokenPurpose, now: Date): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await tx
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(usable(token, purpose, now))
    .limit(1);
  return Boolean(row);
}

/** Ends every outstanding token of a purpose for a user (a new password voids older reset links). */
export async function endTokens(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** How many tokens of a purpose a user was sent since `since` (for the resend limit). */
export async function tokensSentSince(
  tx: Tx,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(emailTokens)
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}
