import { describe, expect, it } from 'vitest';
import { AGE_CONFIRMATION_TTL_MS, isAgeConfirmationValid } from './age-gate.ts';

describe('isAgeConfirmationValid', () => {
  const now = 1_800_000_000_000;
  it('is valid for just under an hour', () => {
    expect(isAgeConfirmationValid(now, now)).toBe(true);
    expect(isAgeConfirmationValid(now - AGE_CONFIRMATION_TTL_MS + 1, now)).toBe(true);
  });
  it('expires at exactly one hour', () => {
    expect(isAgeConfirmationValid(now - AGE_CONFIRMATION_TTL_MS, now)).toBe(false);
    expect(isAgeConfirmationValid(now - 2 * AGE_CONFIRMATION_TTL_MS, now)).toBe(false);
  });
  it('rejects missing, garbage and future timestamps', () => {
    expect(isAgeConfirmationValid(null, now)).toBe(false);
    expect(isAgeConfirmationValid(undefined, now)).toBe(false);
    expect(isAgeConfirmationValid(Number.NaN, now)).toBe(false);
    expect(isAgeConfirmationValid(now + 60_000, now)).toBe(false);
  });
  it('without a confirmation is never valid, even on a device whose clock was reset to 1970', () => {
    for (const resetClock of [0, 60_000, AGE_CONFIRMATION_TTL_MS - 1]) {
      expect(isAgeConfirmationValid(null, resetClock)).toBe(false);
      expect(isAgeConfirmationValid(undefined, resetClock)).toBe(false);
      expect(isAgeConfirmationValid(Number.NaN, resetClock)).toBe(false);
      expect(isAgeConfirmationValid(0, resetClock)).toBe(true);
    }
  });
});
