import { z } from 'zod';
import { parseAmount } from '#shared/money.ts';

/*
 * Numbers and amounts as staff type them in a form's text boxes, turned into what the API takes;
 * each refusal says what to type.
 */

/** A whole number typed in a box; empty is 0. */
export const wholeNumberText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((t) => t === '' || /^\d{1,9}$/.test(t), { message, abort: true })
    .transform((t) => (t === '' ? 0 : Number(t)))
    .pipe(z.number().max(max, message));

/** An amount typed in a box ("12.50", "$12.50") as integer cents. */
export const amountText = (message: string) =>
  z
    .string()
    .trim()
    .refine((t) => parseAmount(t) !== null, { message, abort: true })
    .transform((t) => parseAmount(t)!);

/** An amount typed in a box as integer cents, or null when the box is left empty. */
export const optionalAmountText = (message: string) =>
  z
    .string()
    .trim()
    .refine((t) => t === '' || parseAmount(t) !== null, { message, abort: true })
    .transform((t) => (t === '' ? null : parseAmount(t)!));

/** A decimal number from `min` to `max` typed in a box; empty is `empty`. */
export const decimalText = <E extends number | null>(min: number, max: number, empty: E, message: string) =>
  z
    .string()
    .trim()
    .refine((t) => t === '' || (/^\d{0,9}(\.\d{0,6})?$/.test(t) && /\d/.test(t)), { message, abort: true })
    .transform((t): number | E => (t === '' ? empty : Number(t)))
    .refine((n) => n === null || (n >= min && n <= max), { message, abort: true });

/** A text box of one entry per line; blank lines dropped. */
export const linesText = () =>
  z.string().transform((t) =>
    t
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
