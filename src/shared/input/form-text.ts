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

/** An amount typed in a box ("12.50", "$12.50") as integer cents. */
export const amountText = (message: string) =>
  z
    .string()
    .trim()
    .refine((t) => parseAmount(t) !== null, message)
    .transform((t) => parseAmount(t)!);
