import { randomBytes } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, Invalid } from '#server/errors.ts';
import type { UserRow } from '#server/modules/accounts/accounts.table.ts';
import {
  claimTotpStep,
  enableTotp,
  markSecondFactor,
  setTotpKey,
} from '#server/modules/accounts/credentials.ts';
import { type ActiveSession, hashToken } from '#server/modules/accounts/session.service.ts';
import { clearFailures, isBlocked, recordFailure } from '#server/modules/accounts/sign-in-limiter.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { staffRecoveryCodes } from './staff.table.ts';

/** RFC 6238 defaults that every authenticator app reads: 30-second steps, 6 digits. */
const PERIOD_S = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;

const failureKey = (userId: string) => `totp:${userId}`;

/**
 * The time step a code belongs to, or null when it is not valid now. A code from the step
 * before, now or after counts: clocks drift and people type slowly.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const key = decodeBase32IgnorePadding(secret);
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S);
  return [step - 1, step, step + 1].find((c) => verifyHOTP(key, BigInt(c), DIGITS, code)) ?? null;
}

/**
 * A code works once: the member's last accepted step moves forward in one conditional update,
 * so the same code (or an older one) is refused afterwards, in this session or any other, and
 * of two requests racing with one code exactly one wins.
 */
/** An authenticator code checked and spent; a wrong or reused one is counted as a failure. */
async function spendCode(db: Db, box: SecretBox, user: UserRow, sealed: string, code: string, now: Date) {
  const step = /^\d{6}$/.test(code) ? totpStep(storedKey(box, sealed), code, now) : null;
  if (step === null) return wrongCode(db, user.id, now);
  if (!(await claimTotpStep(db, user.id, step))) {
    await recordFailure(db, [failureKey(user.id)], now);
    throw new Invalid(adminMessages.codeAlreadyUsed, 'code');
  }
}

/** The stored key, unsealed; a key sealed under another SECRET_KEY cannot be read (503, not a wrong code). */
function storedKey(box: SecretBox, sealed: string): string {
  try {
    return box.open(sealed);
  } catch {
    throw new DomainError(503, adminMessages.keyUnreadable);
  }
}

/** The signed-in staff member's session, the key that seals their authenticator key, and the issuer name. */
type SecondFactorContext = Pick<RequestContext, 'now' | 'actor'> & {
  db: Db;
  secretBox: SecretBox;
  issuer: string;
};

/** Starts (or restarts, until confirmed) the authenticator set-up: a new key, as a QR URI. */
export async function startTotpSetup(ctx: SecondFactorContext) {
  const { db, secretBox: box, issuer } = ctx;
  const { user } = ctx.actor;
  if (user.totpEnabledAt) throw new DomainError(409, adminMessages.alreadySetUp);
  const key = randomBytes(20);
  const secret = encodeBase32UpperCaseNoPadding(key);
  await setTotpKey(db, user.id, box.seal(secret));
  return { uri: createTOTPKeyURI(issuer, user.email, key, PERIOD_S, DIGITS), secret };
}

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

async function guardAttempts(db: Db, userId: string, now: Date) {
  if (await isBlocked(db, [failureKey(userId)], now)) throw new DomainError(429, adminMessages.tooManyCodes);
}

async function wrongCode(db: Db, userId: string, now: Date): Promise<never> {
  await recordFailure(db, [failureKey(userId)], now);
  throw new Invalid(adminMessages.invalidCode, 'code');
}

const markSession = (db: Db, s: ActiveSession, now: Date) => markSecondFactor(db, s.session.id, now);

/** The first code proves the app holds the key: two-factor is on, and the recovery codes are made. */
export async function confirmTotpSetup(ctx: SecondFactorContext, code: string) {
  const { db, secretBox: box, now, actor: s } = ctx;
  const { user } = s;
  if (user.totpEnabledAt) throw new DomainError(409, adminMessages.alreadySetUp);
  if (!user.totpSecret) throw new Invalid(adminMessages.setUpFirst);
  await guardAttempts(db, user.id, now);
  await spendCode(db, box, user, user.totpSecret, code, now);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await enableTotp(tx, user.id, now);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashToken(c), createdAt: now })));
    await markSession(tx, s, now);
  });
  await clearFailures(db, failureKey(user.id));
  return codes;
}

/** Signs this session's second factor in with an authenticator code or an unused recovery code. */
export async function verifySecondFactor(ctx: SecondFactorContext, code: string) {
  const { db, secretBox: box, now, actor: s } = ctx;
  const { user } = s;
  if (!user.totpEnabledAt || !user.totpSecret) throw new Invalid(adminMessages.setUpFirst);
  await guardAttempts(db, user.id, now);
  if (/^\d{6}$/.test(code)) {
    await spendCode(db, box, user, user.totpSecret, code, now);
  } else {
    // A recovery code works once: the update that marks it used is the check.
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.userId, user.id),
          eq(staffRecoveryCodes.codeHash, hashToken(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (!used.length) await wrongCode(db, user.id, now);
  }
  await markSession(db, s, now);
  await clearFailures(db, failureKey(user.id));
}
