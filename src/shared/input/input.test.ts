import { describe, expect, test } from 'vitest';
import { inputMessages } from '#shared/messages.ts';
import {
  DbIdParamSchema,
  DbIdSchema,
  findInputProblem,
  jsonNestsDeeperThan,
  MAX_DB_ID,
  MAX_INPUT_DEPTH,
  TOO_DEEP,
  textProblem,
} from './input.ts';

/** A value nested `levels` deep ({a:{a:…}} or [[…]]), built without recursion. */
function deep(levels: number, shape: 'object' | 'array'): unknown {
  let v: unknown = 'end';
  for (let i = 0; i < levels; i++) v = shape === 'object' ? { a: v } : [v];
  return v;
}

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
  test('without String.prototype.isWellFormed (older browsers) the same strings are judged alike', () => {
    const own = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    Reflect.deleteProperty(String.prototype, 'isWellFormed');
    try {
      for (const s of ['', 'Café', 'plain text', '\ud83d\ude00', 'a\ud83d\ude00b'])
        expect(textProblem(s)).toBeNull();
      for (const s of ['\ud800', 'a\ud800b', 'a\udfffb', '\udfff', '\udfff\ud800', '\ud83d\ude00\ud800'])
        expect(textProblem(s)).toBe(inputMessages.illFormed);
    } finally {
      if (own) Object.defineProperty(String.prototype, 'isWellFormed', own);
    }
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
  test('finds a bad value after good ones, in an object and in a list', () => {
    expect(findInputProblem({ a: 'ok', b: 'x\u0000' })).toEqual({ field: 'b', message: inputMessages.nul });
    expect(findInputProblem({ a: 'ok', b: ['ok', 'fine', '\ud800'] })).toEqual({
      field: 'b.2',
      message: inputMessages.illFormed,
    });
  });
  test('object keys count too', () => {
    expect(findInputProblem({ 'a\u0000': 1 })?.field).toBe('a\u0000');
  });
  test('reports the first problem in document order, keys and values alike', () => {
    expect(findInputProblem({ a: 'x\u0000', 'b\u0000': 1 })?.field).toBe('a');
    expect(findInputProblem({ a: 1, 'b\u0000': 'x\u0000' })?.field).toBe('b\u0000');
    expect(findInputProblem([['ok', '\ud800'], '\u0000'])?.field).toBe('0.1');
    expect(findInputProblem({ a: '\u0000' }, 'body')?.field).toBe('body.a');
  });
  test('walks any depth without recursion: past MAX_INPUT_DEPTH it says so, at it it looks inside', () => {
    for (const shape of ['object', 'array'] as const) {
      expect(findInputProblem(deep(MAX_INPUT_DEPTH, shape))).toBeNull();
      expect(findInputProblem(deep(MAX_INPUT_DEPTH + 1, shape))?.message).toBe(TOO_DEEP);
      expect(findInputProblem(deep(100_000, shape))?.message).toBe(TOO_DEEP);
    }
    const bad = deep(MAX_INPUT_DEPTH - 1, 'object') as Record<string, unknown>;
    let inner = bad;
    while (typeof inner.a === 'object') inner = inner.a as Record<string, unknown>;
    inner.a = 'x\u0000';
    expect(findInputProblem(bad)).toEqual({
      field: Array(MAX_INPUT_DEPTH - 1)
        .fill('a')
        .join('.'),
      message: inputMessages.nul,
    });
  });
  test('a flat object of 100,000 keys is walked, and its bad key found', () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    expect(findInputProblem(wide)).toBeNull();
    wide['z\u0000'] = 1;
    expect(findInputProblem(wide)?.field).toBe('z\u0000');
  });
  test('numbers, booleans, null and clean text pass', () => {
    expect(findInputProblem({ a: 1, b: [true, null, 'x'], c: { d: 'y' } })).toBeNull();
    expect(findInputProblem('plain')).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });
});

describe('jsonNestsDeeperThan', () => {
  test('counts objects and arrays alike, up to the limit and past it', () => {
    const text = (n: number) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;
    expect(jsonNestsDeeperThan(text(16))).toBe(false); // 32 levels
    expect(jsonNestsDeeperThan(`[${text(16)}]`)).toBe(true); // 33
    expect(jsonNestsDeeperThan('[]'.repeat(10_000))).toBe(false); // wide, not deep
    expect(jsonNestsDeeperThan('['.repeat(100_000))).toBe(true);
    expect(jsonNestsDeeperThan('{}', 0)).toBe(true);
    expect(jsonNestsDeeperThan('1', 0)).toBe(false);
  });
  test('a closing brace or bracket ends its level: many objects side by side are not deep', () => {
    expect(jsonNestsDeeperThan(`[${Array(100).fill('{"a":1}').join(',')}]`)).toBe(false);
    expect(jsonNestsDeeperThan(`{${Array(100).fill('"a":[1]').join(',')}}`)).toBe(false);
  });
  test('brackets inside strings do not count, escaped quotes do not end them', () => {
    const inString = JSON.stringify({ note: '['.repeat(1000) + '{'.repeat(1000) });
    expect(jsonNestsDeeperThan(inString)).toBe(false);
    const escaped = JSON.stringify({ note: `"\\" ${'['.repeat(100)}` });
    expect(jsonNestsDeeperThan(escaped)).toBe(false);
    // A string holding one backslash ends at its quote: the brackets after it count.
    expect(jsonNestsDeeperThan(`["\\\\"${'['.repeat(40)}`)).toBe(true);
    // An escaped quote does not end the string: the brackets after it are text.
    expect(jsonNestsDeeperThan(`["\\"${'['.repeat(40)}"]`)).toBe(false);
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
  test('an id that is not a number at all gets the same message', () => {
    for (const notANumber of ['42', null, undefined, {}])
      expect(DbIdSchema.safeParse(notANumber).error?.issues).toEqual([
        expect.objectContaining({ message: inputMessages.badId }),
      ]);
    for (const notANumber of ['abc', '', '4x2'])
      expect(DbIdParamSchema.safeParse(notANumber).error?.issues[0]?.message).toBe(inputMessages.badId);
  });
});
