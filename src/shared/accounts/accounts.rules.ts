/** SPEC §5 / §9 account rules, shared by the forms and the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * SPEC §5: a phone number, after removing spaces and parentheses, is + and 7 to 15 digits.
 * We also drop hyphens and dots, which US buyers type as often as spaces ("+1 555-010-4200").
 */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s().-]/g, '');
}

export function isValidPhone(raw: string): boolean {
  return /^\+\d{7,15}$/.test(normalizePhone(raw));
}

export function isValidPasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/** A pragmatic email check: something@domain.tld, no spaces, at most 254 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim();
}
