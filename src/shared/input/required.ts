import type { z } from 'zod';

const trimmedEmpty = (v: string) => v.trim() === '';

/**
 * SPEC §5's "all fields are required" rules: the message is added at each blank field, so a form
 * shows it under every field that needs filling and the server answers with the first of them.
 * Returns whether any was blank (the later checks then wait).
 */
export function requireFilled<T extends Record<string, unknown>>(
  ctx: z.RefinementCtx,
  body: T,
  keys: readonly (keyof T & string)[],
  message: string,
  isBlank: (value: string) => boolean = trimmedEmpty,
): boolean {
  let blank = false;
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string' && !isBlank(value)) continue;
    ctx.addIssue({ code: 'custom', message, path: [key] });
    blank = true;
  }
  return blank;
}
