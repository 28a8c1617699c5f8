/** SPEC §4: the age confirmation is kept with a timestamp and is valid for one hour. */
export const AGE_CONFIRMATION_TTL_MS = 3_600_000;
export const AGE_GATE_SPLASH_MS = 1_000;
export const MINIMUM_AGE = 21;

export function isAgeConfirmationValid(confirmedAt: number | null | undefined, now: number): boolean {
  if (confirmedAt == null || !Number.isFinite(confirmedAt)) return false;
  if (confirmedAt > now) return false; // a clock set back, or a forged value: ask again
  return now - confirmedAt < AGE_CONFIRMATION_TTL_MS;
}
