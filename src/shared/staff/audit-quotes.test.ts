import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit-sentence.ts';

const entry = (action: string, after: unknown) => ({
  action,
  entity: 'quote',
  entityId: 'Q-1001',
  before: null,
  after,
  record: { name: null, kind: null, buyerId: null, productId: null },
});
const say = (action: string, after: unknown) => describeAudit(entry(action, after));

describe("the audit log's sentences for quotes", () => {
  it('a quote sent names the company, total and day, with each negotiated price', () => {
    expect(
      say('quote.sent', {
        business: 'Corner Shop LLC',
        total_cents: 10500,
        expires_on: '2026-12-06',
        negotiated: [
          { sku: 'GP-MINT', unit_cents: 850, list_cents: 1000, reason: 'Matched a competitor' },
          { sku: 'GP-KIWI', unit_cents: 0 },
          { sku: 'GP-LIME', unit_cents: 700, list_cents: null, reason: '  ' },
          { sku: '  ', unit_cents: 700 },
          { sku: 'GP-NONE', unit_cents: '700' },
          'not a line',
        ],
      }),
    ).toEqual({
      sentence: 'Sent quote Q-1001 to Corner Shop LLC ($105.00), valid until 2026-12-06',
      details: [
        'GP-MINT at $8.50 (company price $10.00): Matched a competitor',
        'GP-KIWI at $0.00',
        'GP-LIME at $7.00',
      ],
    });
  });

  it('a quote sent again says revised, and leaves out what the entry lacks', () => {
    expect(say('quote.sent', { revised: true })).toEqual({
      sentence: 'Revised and sent quote Q-1001',
      details: [],
    });
    expect(say('quote.sent', { revised: 'yes', business: ' ', total_cents: '10', negotiated: {} })).toEqual({
      sentence: 'Sent quote Q-1001',
      details: [],
    });
    expect(say('quote.sent', null)).toEqual({ sentence: 'Sent quote Q-1001', details: [] });
  });

  it('withdrawn, accepted and declined, with and without what they name', () => {
    expect(say('quote.withdrawn', { reason: 'Priced in error' }).sentence).toBe(
      'Withdrew quote Q-1001: Priced in error',
    );
    expect(say('quote.withdrawn', { reason: '' }).sentence).toBe('Withdrew quote Q-1001');
    expect(say('quote.accepted', { order: 'SS-100130', total_cents: 9000 }).sentence).toBe(
      'Accepted quote Q-1001: order SS-100130 ($90.00)',
    );
    expect(say('quote.accepted', { order: ' ', total_cents: null }).sentence).toBe('Accepted quote Q-1001');
    expect(say('quote.declined', { reason: 'Found it cheaper' }).sentence).toBe(
      'Declined quote Q-1001: Found it cheaper',
    );
    expect(say('quote.declined', {}).sentence).toBe('Declined quote Q-1001');
  });
});
