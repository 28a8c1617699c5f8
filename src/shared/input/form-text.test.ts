import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { amountText, decimalText, linesText, optionalAmountText, wholeNumberText } from './form-text.ts';

const MESSAGE = 'Type it as the box says.';

/** What a box's schema makes of a text: its value, or the messages it refuses it with. */
const read = (schema: ZodType, text: string) => {
  const r = schema.safeParse(text);
  return r.success ? { value: r.data } : { messages: r.error.issues.map((i) => i.message) };
};
const refused = { messages: [MESSAGE] };

/** A form holding the box, with a check of its own that runs once its boxes are read. */
const inForm = (box: ZodType) =>
  z.object({ box }).superRefine((_, ctx) => {
    ctx.addIssue({ code: 'custom', message: 'The form’s own check ran.', path: [] });
  });

describe('a whole number typed in a box', () => {
  const stock = () => wholeNumberText(10_000, MESSAGE);

  it('reads digits, spaces around them ignored; an empty box is 0', () => {
    expect(read(stock(), '42')).toEqual({ value: 42 });
    expect(read(stock(), ' 7 ')).toEqual({ value: 7 });
    expect(read(stock(), '')).toEqual({ value: 0 });
    expect(read(stock(), '   ')).toEqual({ value: 0 });
  });

  it('takes the maximum itself, and refuses past it or anything not digits, with the one message', () => {
    expect(read(stock(), '10000')).toEqual({ value: 10_000 });
    for (const bad of ['10001', '1234567890', '-1', '1.5', '1e3', 'ten', '4 2'])
      expect(read(stock(), bad)).toEqual(refused);
  });
});

describe('an amount typed in a box', () => {
  it('reads dollars and cents, with or without a dollar sign, as cents', () => {
    expect(read(amountText(MESSAGE), '12.50')).toEqual({ value: 1250 });
    expect(read(amountText(MESSAGE), ' $12.5 ')).toEqual({ value: 1250 });
    expect(read(amountText(MESSAGE), '0')).toEqual({ value: 0 });
  });

  it('an empty box or other text is refused, with the one message', () => {
    for (const bad of ['', '  ', 'abc', '-1', '1.999', '12$'])
      expect(read(amountText(MESSAGE), bad)).toEqual(refused);
  });

  it('an optional amount is null when the box is empty or only spaces', () => {
    expect(read(optionalAmountText(MESSAGE), '')).toEqual({ value: null });
    expect(read(optionalAmountText(MESSAGE), '   ')).toEqual({ value: null });
    expect(read(optionalAmountText(MESSAGE), ' $9.99 ')).toEqual({ value: 999 });
    for (const bad of ['abc', '-1', '1.999']) expect(read(optionalAmountText(MESSAGE), bad)).toEqual(refused);
  });
});

describe('a decimal number typed in a box', () => {
  const rating = () => decimalText(0, 5, 0, MESSAGE);
  const figure = () => decimalText(1, 1000, null, MESSAGE);

  it('reads up to six decimals, with or without a digit before or after the point', () => {
    expect(read(rating(), '4.5')).toEqual({ value: 4.5 });
    expect(read(rating(), ' 3 ')).toEqual({ value: 3 });
    expect(read(rating(), '.5')).toEqual({ value: 0.5 });
    expect(read(rating(), '2.')).toEqual({ value: 2 });
    expect(read(rating(), '1.123456')).toEqual({ value: 1.123456 });
  });

  it('an empty box is the given empty value, even where 0 is out of range', () => {
    expect(read(rating(), '')).toEqual({ value: 0 });
    expect(read(figure(), '')).toEqual({ value: null });
    expect(read(figure(), '  ')).toEqual({ value: null });
  });

  it('takes the minimum and the maximum themselves, and refuses below or above them', () => {
    expect(read(figure(), '1')).toEqual({ value: 1 });
    expect(read(figure(), '1000')).toEqual({ value: 1000 });
    expect(read(rating(), '0')).toEqual({ value: 0 });
    expect(read(rating(), '5')).toEqual({ value: 5 });
    expect(read(figure(), '0.999')).toEqual(refused);
    expect(read(figure(), '1000.000001')).toEqual(refused);
    expect(read(rating(), '5.5')).toEqual(refused);
  });

  it('refuses what Number() would read but a person would not type: signs, exponents, hex, 7 decimals', () => {
    for (const bad of ['1e3', '+5', '-1', '0x10', '1.1234567', '.', 'abc', '1 000', 'x1'])
      expect(read(figure(), bad)).toEqual(refused);
  });
});

describe('a refused box stops there', () => {
  it('its own message is the only one: neither a check chained after it nor the form’s own runs', () => {
    const wholeFigure = decimalText(0, 100, null, MESSAGE).refine(
      (n) => n === null || Number.isInteger(n),
      'A whole number.',
    );
    expect(read(wholeFigure, '100.5')).toEqual(refused);
    expect(read(wholeFigure, 'abc')).toEqual(refused);
    expect(read(wholeFigure, '2.5')).toEqual({ messages: ['A whole number.'] });
    for (const [box, bad] of [
      [wholeNumberText(100, MESSAGE), 'abc'],
      [amountText(MESSAGE), 'abc'],
      [optionalAmountText(MESSAGE), 'abc'],
      [decimalText(0, 100, null, MESSAGE), 'abc'],
      [decimalText(0, 100, null, MESSAGE), '101'],
    ] as const)
      expect(
        inForm(box)
          .safeParse({ box: bad })
          .error?.issues.map((i) => i.message),
      ).toEqual([MESSAGE]);
    expect(
      inForm(amountText(MESSAGE))
        .safeParse({ box: '1' })
        .error?.issues.map((i) => i.message),
    ).toEqual(['The form’s own check ran.']);
  });
});

describe('a box of one entry per line', () => {
  it('keeps each line trimmed, in order, and drops blank lines', () => {
    expect(linesText().parse('  Nicotine free  \n\n\t\nMint \r\n Ice')).toEqual([
      'Nicotine free',
      'Mint',
      'Ice',
    ]);
    expect(linesText().parse('')).toEqual([]);
  });
});
