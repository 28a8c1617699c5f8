import { z } from 'zod';
import { inputMessages } from '#shared/messages.ts';

/**
 * Rules every piece of input meets, whatever the field: the database stores text as UTF-8 with
 * no NUL character, and ids as int4. One place decides, and the server applies it to every
 * request (body, query, path) before any route sees it.
 */

/** PostgreSQL's integer (int4) range: serial ids never exceed it. */
export const MAX_DB_ID = 2_147_483_647;

/** A record id in a body: a positive int4. */
export const DbIdSchema = z
  .number({ message: inputMessages.badId })
  .int(inputMessages.badId)
  .positive(inputMessages.badId)
  .max(MAX_DB_ID, inputMessages.badId);

/** A record id in a path or query string ("42"). */
export const DbIdParamSchema = z.coerce
  .number({ message: inputMessages.badId })
  .int(inputMessages.badId)
  .positive(inputMessages.badId)
  .max(MAX_DB_ID, inputMessages.badId);

// A lone high surrogate (not followed by a low one) or a lone low one (not after a high one).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this string cannot be stored, or null when it can. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return inputMessages.nul;
  const wellFormed = (s as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed ? !wellFormed.call(s) : LONE_SURROGATE.test(s)) return inputMessages.illFormed;
  return null;
}

export interface InputProblem {
  /** Where it was, dotted ("items.0.variantId"); empty for the value itself. */
  field: string;
  message: string;
}

/**
 * How deep request input may nest: objects and lists inside one another, the body itself being
 * level 1. Our deepest schema (a price list's lines and their tiers) needs 4; a body past this is
 * refused before it is parsed, and no walk over input goes further, so none can exhaust the stack.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`. One pass over the characters,
 * outside strings (escapes skipped), stopping at the first level past the limit: linear in the
 * text and constant in stack, whatever the text.
 */
export function jsonNestsDeeperThan(text: string, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A place in the input still to look at: its value, its key, the place holding it, how deep. */
interface Place {
  value: unknown;
  key: string;
  /** An object's member (its key is text to check too), not an array's element. */
  member: boolean;
  parent: Place | null;
  depth: number;
}

const fieldOf = (place: Place): string => {
  const keys: string[] = [];
  for (let p: Place | null = place; p?.parent; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

/** The message for input nested past the limit. */
export const TOO_DEEP = inputMessages.tooDeep(MAX_INPUT_DEPTH);

/**
 * The first string (value or object key) in a parsed request part that cannot be stored, in
 * document order, or a part nested deeper than MAX_INPUT_DEPTH. Walks plain objects and arrays
 * with a stack of its own (never recursion), and builds a field's dotted name only for the
 * problem it reports.
 */
export function findInputProblem(value: unknown, field = ''): InputProblem | null {
  const named = (place: Place) => [field, fieldOf(place)].filter(Boolean).join('.');
  const stack: Place[] = [{ value, key: field, member: false, parent: null, depth: 0 }];
  for (let place = stack.pop(); place; place = stack.pop()) {
    if (place.member) {
      const message = textProblem(place.key);
      if (message) return { field: named(place), message };
    }
    const v = place.value;
    if (typeof v === 'string') {
      const message = textProblem(v);
      if (message) return { field: named(place), message };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const depth = place.depth + 1;
    if (depth > MAX_INPUT_DEPTH) return { field: named(place), message: TOO_DEEP };
    // Children pushed last to first, so they are looked at first to last.
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], key: String(i), member: false, parent: place, depth });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (v as Record<string, unknown>)[key], key, member: true, parent: place, depth });
    }
  }
  return null;
}
