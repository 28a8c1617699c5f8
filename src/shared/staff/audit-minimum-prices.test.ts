import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit-sentence.ts';

const entry = (action: string, before: unknown, after: unknown, name: string | null = null) => ({
  action,
  entity: 'variant',
  entityId: '12',
  before,
  after,
  record: { name, kind: null, buyerId: null, productId: null },
});
const say = (...args: Parameters<typeof entry>) => describeAudit(entry(...args));

describe("the audit log's sentences for options' minimum prices", () => {
  it('a minimum set, first or changed, names the option and the amounts', () => {
    expect(say('price.minimum_set', null, { sku: 'SS-1003-10', minPriceCents: 1250 })).toEqual({
      sentence: 'Set the minimum price of option SS-1003-10 to $12.50',
      details: [],
    });
    const changed = say(
      'price.minimum_set',
      { sku: 'SS-1003-10', minPriceCents: 1250 },
      { sku: 'SS-1003-10', minPriceCents: 1100 },
      'Nimbus Bar Ultra — Mango Ice (SS-1003-10)',
    );
    expect(changed.sentence).toBe(
      'Set the minimum price of option “Nimbus Bar Ultra — Mango Ice (SS-1003-10)” to $11.00 (was $12.50)',
    );
  });

  it('a minimum removed says what it was; an entry without its facts still reads', () => {
    expect(say('price.minimum_removed', { sku: 'SS-1003-10', minPriceCents: 900 }, null).sentence).toBe(
      'Removed the $9.00 minimum price of option SS-1003-10',
    );
    expect(say('price.minimum_removed', null, null).sentence).toBe('Removed the minimum price of option #12');
    expect(say('price.minimum_set', null, { minPriceCents: 'x' }).sentence).toBe(
      'Set the minimum price of option #12 to an unknown amount',
    );
  });
});
