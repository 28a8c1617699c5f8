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
    .refine((t) => t === '' || /^\d{1,9}$/.test(t), message)
    .transform((t) => (t === '' ? 0 : Number(t)))
    .pipe(z.number().max(max, message));

/** An amount typed in a box ("12.50", "$12.50") as integer cents; empty is none when optional. */
export const amountText = (message: string) =>
  z
    .string()
    .trim()
    .refine((t) => parseAmount(t) !== null, message)
    .transform((t) => parseAmount(t)!);
export const optionalAmountText = (message: string) =>
  z
    .string()
    .trim()
    .refine((t) => t === '' || parseAmount(t) !== null, message)
    .transform((t) => (t === '' ? null : parseAmount(t)!));

/** A decimal typed in a box, within bounds; empty is `empty`. */
export const decimalText = <E extends number | null>(min: number, max: number, message: string, empty: E) =>
  z
    .string()
    .trim()
    .refine((t) => t === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(t) && +t >= min && +t <= max), message)
    .transform((t): number | E => (t === '' ? empty : Number(t)));
