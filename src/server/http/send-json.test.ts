import { describe, expect, it } from 'vitest';
import { asciiJson } from './send-json.ts';

describe('asciiJson', () => {
  it('is the same JSON to a parser, in ASCII alone', () => {
    const value = { name: 'Nimbus Bar — Mango Ice 5 %', note: 'café ° 😀', lone: '\ud800x', plain: 'x' };
    const json = asciiJson(value);
    expect(json).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(json)).toEqual(value);
    expect(json).toContain('Nimbus Bar \\u2014 Mango');
    // One byte per character: what Node writes without encoding it.
    expect(Buffer.byteLength(json)).toBe(json.length);
    expect(asciiJson({ a: 1 })).toBe('{"a":1}');
    expect(asciiJson('\u007f')).toBe('"\\u007f"');
  });
});
