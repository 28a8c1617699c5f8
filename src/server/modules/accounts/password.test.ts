import { describe, expect, it } from 'vitest';
import { hashPassword, OWASP_SCRYPT, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse battery', { logN: 12, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const cost = { logN: 10, r: 8, p: 1 };
    expect(await hashPassword('same', cost)).not.toBe(await hashPassword('same', cost));
  });

  it('uses OWASP parameters by default', async () => {
    expect(OWASP_SCRYPT).toEqual({ logN: 17, r: 8, p: 1 });
    const hash = await hashPassword('a long enough password');
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('a long enough password', hash)).toBe(true);
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});
