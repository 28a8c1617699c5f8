import { describe, expect, it } from 'vitest';
import { isUsZip } from './zip.ts';

describe('isUsZip', () => {
  it('takes five digits, spaces around them ignored', () => {
    expect(isUsZip('33602')).toBe(true);
    expect(isUsZip(' 02134 ')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const v of ['', '3360', '336021', '33602-1234', 'ABCDE', '3360O', '33 602'])
      expect(isUsZip(v)).toBe(false);
  });
});
