import { describe, expect, it } from 'vitest';
import { REPORTS_SENTENCES } from './audit-reports.ts';

const say = (action: string, e: { entityId?: string; before?: unknown; after?: unknown }) =>
  REPORTS_SENTENCES[action]!({ entityId: '12', before: null, after: null, ...e });

describe("the audit log's sentences for reports and excise returns (decision 018)", () => {
  it('says an excise return marked filed with its amount, or not, and reads an id it cannot place', () => {
    expect(say('excise.filed', { entityId: 'TX/2026-01', after: { filedCents: 5 } })).toBe(
      'Marked the excise return of Texas for January 2026 as filed, $0.05',
    );
    expect(say('excise.filed', { entityId: 'TX/2026-01' })).toBe(
      'Marked the excise return of Texas for January 2026 as filed',
    );
    expect(say('excise.unfiled', { entityId: 'TX' })).toBe('Marked excise return TX as not filed');
    expect(say('excise.unfiled', { entityId: 'TX/January' })).toBe(
      'Marked excise return TX/January as not filed',
    );
    for (const id of ['TX/2026-011', 'TX/x2026-01'])
      expect(say('excise.unfiled', { entityId: id })).toBe(`Marked excise return ${id} as not filed`);
  });

  it('says a reorder point set, put back to the default, and from what', () => {
    expect(
      say('reports.reorder_point', { before: { sku: 'A', point: 3 }, after: { sku: 'A', point: 7 } }),
    ).toBe('Set the reorder point of option A to 7, from 3');
    expect(say('reports.reorder_point', { after: { sku: 'A', point: 0 } })).toBe(
      'Set the reorder point of option A to 0',
    );
    expect(
      say('reports.reorder_point', { before: { sku: 'A', point: 3 }, after: { sku: 'A', point: null } }),
    ).toBe('Set the reorder point of option A back to the default, from 3');
    expect(say('reports.reorder_point', { before: { sku: 'B', point: 2 }, after: { point: null } })).toBe(
      'Set the reorder point of option B back to the default, from 2',
    );
    expect(say('reports.reorder_point', { before: { point: null }, after: { point: null } })).toBe(
      'Set the reorder point of option #12 back to the default',
    );
  });

  it('says the default reorder point changed', () => {
    expect(
      say('reports.settings', { before: { defaultReorderPoint: 0 }, after: { defaultReorderPoint: 5 } }),
    ).toBe('Set the default reorder point to 5, from 0');
    expect(say('reports.settings', {})).toBe('Set the default reorder point to a new value');
  });
});
