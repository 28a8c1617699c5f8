import { describe, expect, it } from 'vitest';
import { PAYMENT_TERMS, TERMS, termsLabel } from './terms.ts';

describe('payment terms', () => {
  it('each has its label and its days', () => {
    expect(PAYMENT_TERMS.map((t) => [t, TERMS[t].label, TERMS[t].days])).toEqual([
      ['due_on_receipt', 'Due on receipt', 0],
      ['net_7', 'Net 7', 7],
      ['net_15', 'Net 15', 15],
      ['net_30', 'Net 30', 30],
      ['cod', 'COD (cash on delivery)', 0],
    ]);
  });

  it('labels known terms, and shows an unknown code as it is', () => {
    expect(termsLabel('net_15')).toBe('Net 15');
    expect(termsLabel('cod')).toBe('COD (cash on delivery)');
    expect(termsLabel('net_45')).toBe('net_45');
  });
});
