import { describe, expect, test } from 'vitest';
import { inputMessages } from '#shared/messages.ts';
import { DbIdParamSchema, DbIdSchema, findInputProblem, MAX_DB_ID, textProblem } from './input.ts';

describe('textProblem', () => {
  test('ordinary text, emoji and accents pass', () => {
    for (const s of ['', 'Glacier Puff — Banana Ice', '😀 vape', 'Café', '\t\n'])
      expect(textProblem(s)).toBeNull();
  });
  test('NUL anywhere is refused', () => {
    expect(textProblem('\u0000')).toBe(inputMessages.nul);
    expect(textProblem('a\u0000b')).toBe(inputMessages.nul);
  });
  test('lone surrogates are refused, pairs pass', () => {
    expect(textProblem('\ud800')).toBe(inputMessages.illFormed);
    expect(textProblem('a\udfffb')).toBe(inputMessages.illFormed);
    expect(textProblem('\udfff\ud800')).toBe(inputMessages.illFormed);
    expect(textProblem('\ud83d\ude00')).toBeNull();
  });
});

describe('findInputProblem', () => {
  test('names the field, nested in objects and arrays', () => {
    expect(findInputProblem({ items: [{ variantId: 'ok' }, { variantId: 'x\u0000' }] })).toEqual({
      field: 'items.1.variantId',
      message: inputMessages.nul,
    });
    expect(findInputProblem({ shipping: { city: '\ud800' } })?.field).toBe('shipping.city');
  });
  test('object keys count too', () => {
    expect(findInputProblem({ 'a\u0000': 1 })?.field).toBe('a\u0000');
  });
  test('numbers, booleans, null and clean text pass', () => {
    expect(findInputProblem({ a: 1, b: [true, null, 'x'], c: { d: 'y' } })).toBeNull();
    expect(findInputProblem('plain')).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });
});

describe('ids', () => {
  test('int4 bounds', () => {
    expect(DbIdSchema.safeParse(MAX_DB_ID).success).toBe(true);
    expect(DbIdSchema.safeParse(MAX_DB_ID + 1).success).toBe(false);
    expect(DbIdSchema.safeParse(2 ** 53).success).toBe(false);
    expect(DbIdSchema.safeParse(0).success).toBe(false);
    expect(DbIdSchema.safeParse(1.5).success).toBe(false);
    expect(DbIdParamSchema.safeParse('2147483648').error?.issues[0]?.message).toBe(inputMessages.badId);
    expect(DbIdParamSchema.parse('42')).toBe(42);
  });
});
