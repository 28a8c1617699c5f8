import { describe, expect, it } from 'vitest';
import { DeskDetailsFormSchema, DeskDraftBodySchema, deskMessages } from './desk.schemas.ts';

const form = {
  version: 3,
  locationId: '0b8f6a4e-2c1d-4e5f-9a7b-1c2d3e4f5a6b',
  shippingType: 'Shiptoaddress' as const,
  changeFee: false,
  feeCents: '',
  feeReason: '',
  buyerNote: ' Thanks ',
  internalNote: '',
};
const issues = (input: unknown) => {
  const r = DeskDetailsFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the desk details form (decision 016, part 2)', () => {
  it("reads the store's fee when the fee is not changed, and trims the notes", () => {
    expect(DeskDetailsFormSchema.parse({ ...form, feeCents: '12', feeReason: 'x' })).toEqual({
      version: 3,
      locationId: form.locationId,
      shippingType: 'Shiptoaddress',
      feeCents: null,
      feeReason: '',
      buyerNote: 'Thanks',
      internalNote: '',
    });
  });

  it('reads a changed fee in dollars into cents, with its reason', () => {
    const body = DeskDetailsFormSchema.parse({
      ...form,
      changeFee: true,
      feeCents: '$12.50',
      feeReason: 'Own truck',
    });
    expect(body).toMatchObject({ feeCents: 1250, feeReason: 'Own truck' });
    expect(
      DeskDetailsFormSchema.parse({ ...form, changeFee: true, feeCents: '0', feeReason: 'Free' }).feeCents,
    ).toBe(0);
  });

  it('names the fee box for an amount it cannot read, or one over $10,000', () => {
    expect(issues({ ...form, changeFee: true, feeCents: 'ten', feeReason: 'x' })).toEqual([
      ['feeCents', deskMessages.feeAmount],
    ]);
    expect(issues({ ...form, changeFee: true, feeCents: '10000.01', feeReason: 'x' })).toEqual([
      ['feeCents', deskMessages.feeTooHigh],
    ]);
    expect(issues({ ...form, changeFee: true, feeCents: '10000', feeReason: 'x' })).toEqual([]);
  });

  it('asks for the reason of a changed fee; a pickup has none to change', () => {
    expect(issues({ ...form, changeFee: true, feeCents: '5' })).toEqual([
      ['feeReason', deskMessages.feeReasonRequired],
    ]);
    expect(
      DeskDetailsFormSchema.parse({ ...form, shippingType: 'Pickup', changeFee: true, feeCents: 'x' }),
    ).toMatchObject({
      feeCents: null,
      feeReason: '',
    });
    expect(DeskDetailsFormSchema.parse({ ...form, locationId: '' }).locationId).toBeNull();
  });

  it('the body refuses a fee on a pickup, and a fee without a reason', () => {
    const body = { version: 0, locationId: null, shippingType: 'Pickup', feeCents: 100, feeReason: 'x' };
    const messages = (b: unknown) => {
      const r = DeskDraftBodySchema.safeParse(b);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages(body)).toEqual([deskMessages.feeOnlyForDelivery]);
    expect(messages({ ...body, shippingType: 'Shiptoaddress', feeReason: ' ' })).toEqual([
      deskMessages.feeReasonRequired,
    ]);
    expect(messages({ ...body, shippingType: 'Shiptoaddress', feeCents: null, feeReason: '' })).toEqual([]);
  });
});
