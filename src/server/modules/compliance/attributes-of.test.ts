import { describe, expect, it } from 'vitest';
import { attributesOf } from './compliance.service.ts';

describe('attributesOf', () => {
  it('reads stored attributes with their defaults and the option overriding the product', () => {
    const product = { kind: 'e_liquid', nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
    expect(attributesOf(product, { flavoured: true, nicotineMgPerMl: 3 })).toMatchObject({
      kind: 'e_liquid',
      flavoured: true,
      nicotineMgPerMl: 3,
      liquidMlPerUnit: 10,
      synthesised: false,
    });
    expect(attributesOf(product, null).nicotineMgPerMl).toBe(50);
    expect(attributesOf(null, null).kind).toBe('accessory');
    // Unreadable stored attributes read as the defaults, as before.
    expect(attributesOf({ kind: 'nonsense' }, 'x').kind).toBe('accessory');
  });

  it('reads the same stored objects once (a frozen answer) and new objects afresh', () => {
    const product = { kind: 'e_liquid', nicotineMgPerMl: 50 };
    const variant = { nicotineMgPerMl: 6 };
    const first = attributesOf(product, variant);
    expect(attributesOf(product, variant)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(attributesOf(product, undefined)).toBe(attributesOf(product, null));
    expect(attributesOf(product, undefined).nicotineMgPerMl).toBe(50);
    // A reloaded read model brings new objects: what staff changed is read, never an old answer.
    expect(
      attributesOf({ ...product, nicotineMgPerMl: 20 }, { ...variant, nicotineMgPerMl: undefined }),
    ).toMatchObject({
      nicotineMgPerMl: 20,
    });
    expect(attributesOf(product, { nicotineMgPerMl: 12 }).nicotineMgPerMl).toBe(12);
  });
});
