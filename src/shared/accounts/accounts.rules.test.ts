import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidPasswordLength,
  isValidPhone,
  normalizeEmail,
  normalizePhone,
} from './accounts.rules.ts';

describe('phone rule (SPEC §5)', () => {
  it('accepts + and 7 to 15 digits once spaces and parentheses are removed', () => {
    expect(isValidPhone('+1 (555) 0104200')).toBe(true);
    expect(isValidPhone('+1234567')).toBe(true);
    expect(isValidPhone('+123456789012345')).toBe(true);
    expect(isValidPhone('+1 555-010-4200')).toBe(true);
    expect(normalizePhone('+1 (555) 010-4200')).toBe('+15550104200');
  });
  it('refuses numbers without +, too short, too long or with letters', () => {
    expect(isValidPhone('5550104200')).toBe(false);
    expect(isValidPhone('+123456')).toBe(false);
    expect(isValidPhone('+1234567890123456')).toBe(false);
    expect(isValidPhone('+1 555 CALL NOW')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('refuses anything before the +', () => {
    expect(isValidPhone('1+5550104200')).toBe(false);
    expect(isValidPhone('tel:+15550104200')).toBe(false);
  });
});

describe('password length (SPEC §9)', () => {
  it('is 8 to 64 characters', () => {
    expect(isValidPasswordLength('a'.repeat(7))).toBe(false);
    expect(isValidPasswordLength('a'.repeat(8))).toBe(true);
    expect(isValidPasswordLength('a'.repeat(64))).toBe(true);
    expect(isValidPasswordLength('a'.repeat(65))).toBe(false);
  });
});

describe('email format', () => {
  it.each(['buyer@shop.example', 'a.b+c@sub.shop.co'])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each(['buyer', 'buyer@', '@shop.com', 'buyer@shop', 'bu yer@shop.com', 'buyer@shop..com'])(
    'refuses %s',
    (e) => expect(isValidEmail(e)).toBe(false),
  );
});

describe('email length and what surrounds it', () => {
  const ofLength = (n: number) => `${'a'.repeat(n - '@shop.example'.length)}@shop.example`;
  it('is at most 254 characters', () => {
    expect(isValidEmail(ofLength(254))).toBe(true);
    expect(isValidEmail(ofLength(255))).toBe(false);
  });
  it('is one address, with nothing after it', () => {
    expect(isValidEmail('buyer@shop.com,other@shop.com')).toBe(false);
    expect(isValidEmail('buyer@shop.com extra')).toBe(false);
  });
  it('is stored without the spaces typed around it', () => {
    expect(normalizeEmail('  buyer@shop.example \t')).toBe('buyer@shop.example');
  });
});
