import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a version-4 UUID (the server schema requires one), new for every checkout', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(UUID_V4);
  });

  it('makes one without crypto.randomUUID (plain-http addresses are not secure contexts)', () => {
    // An own property shadows the prototype's method for this test only.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(200);
      for (const k of keys) expect(k).toMatch(UUID_V4);
    } finally {
      // Removing the own property brings back the prototype's randomUUID.
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
