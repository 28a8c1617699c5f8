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
 * The first string (value or object key) in a parsed request part that cannot be stored.
 * Walks plain objects and arrays only; depth is bounded by what JSON.parse produced.
 */
export function findInputProblem(value: unknown, field = ''): InputProblem | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { field, message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInputProblem(value[i], field ? `${field}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const at = field ? `${field}.${key}` : key;
    const keyMessage = textProblem(key);
    if (keyMessage) return { field: at, message: keyMessage };
    const found = findInputProblem((value as Record<string, unknown>)[key], at);
    if (found) return found;
  }
  return null;
}
