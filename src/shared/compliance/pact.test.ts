import { describe, expect, it } from 'vitest';
import { type ComplianceAttributes, DEFAULT_ATTRIBUTES } from './attributes.ts';
import { PRODUCT_KINDS } from './compliance.constants.ts';
import {
  comparePactRows,
  isPactKind,
  MonthSchema,
  monthRange,
  PACT_CSV_COLUMNS,
  PACT_KINDS,
  PactFiledBodySchema,
  PactFilingListSchema,
  PactQuerySchema,
  PactReportSchema,
  type PactRow,
  pactAmounts,
  pactDueOn,
} from './pact.ts';

const month = 'Choose a month (YYYY-MM).';
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const sale = (over: Partial<PactRow>): PactRow => ({
  date: '2026-03-05',
  orderNumber: 'SS-1001',
  businessName: 'Corner Vapes',
  contactName: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '555-0100',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  brand: 'Glacier',
  product: 'Glacier Puff',
  option: 'Banana Ice',
  sku: 'GP-1-BAN',
  kind: 'ends_device',
  quantity: 2,
  mlTotal: 28,
  cartridgesTotal: null,
  carrier: 'UPS',
  ...over,
});

describe('what the PACT Act report covers', () => {
  it('is ENDS (devices, e-liquid, pods) and tobacco, nothing else', () => {
    expect(PRODUCT_KINDS.filter((kind) => isPactKind({ kind }))).toEqual([
      'ends_device',
      'e_liquid',
      'pod_cartridge',
      'tobacco',
    ]);
    expect([...PACT_KINDS].sort()).toEqual(['e_liquid', 'ends_device', 'pod_cartridge', 'tobacco']);
  });
});

describe('a report’s month', () => {
  it('is YYYY-MM from 2000-01 to 2100-12', () => {
    for (const ok of ['2026-03', ' 2026-12 ', '2000-01', '2100-12', '2026-10'])
      expect(MonthSchema.parse(ok)).toBe(ok.trim());
    for (const bad of [
      '2026-3',
      '2026-13',
      '2026-00',
      '1999-12',
      '2101-01',
      '2026-03-01',
      'x2026-03',
      // A digit too many is a typo, not the year 20226.
      '20226-03',
      '26-03',
    ])
      expect(messageOf(MonthSchema.safeParse(bad))).toBe(month);
  });

  it('runs from its first day up to the first day of the next', () => {
    expect(monthRange('2026-03')).toEqual({ from: '2026-03-01', until: '2026-04-01' });
    expect(monthRange('2026-08')).toEqual({ from: '2026-08-01', until: '2026-09-01' });
    expect(monthRange('2026-09')).toEqual({ from: '2026-09-01', until: '2026-10-01' });
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', until: '2026-12-01' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', until: '2027-01-01' });
  });

  it('is due on the 10th of the month after', () => {
    expect(pactDueOn('2026-03')).toBe('2026-04-10');
    expect(pactDueOn('2026-09')).toBe('2026-10-10');
    expect(pactDueOn('2026-12')).toBe('2027-01-10');
  });
});

describe('the report query', () => {
  it('is one state, by its code in any case, or all of them when none is given', () => {
    expect(PactQuerySchema.parse({ month: '2026-03' })).toEqual({ month: '2026-03', state: '*' });
    expect(PactQuerySchema.parse({ month: '2026-03', state: ' ma ' })).toEqual({
      month: '2026-03',
      state: 'MA',
    });
    expect(PactQuerySchema.parse({ month: '2026-03', state: '*' }).state).toBe('*');
  });

  it('refuses a state that is not one, and a month that is not one', () => {
    expect(messageOf(PactQuerySchema.safeParse({ month: '2026-03', state: 'ZZ' }))).toBe('Choose a state.');
    expect(messageOf(PactQuerySchema.safeParse({ month: '2026-13' }))).toBe(month);
  });
});

describe('marking a filing', () => {
  it('names one state and month, and whether it is filed', () => {
    expect(PactFiledBodySchema.parse({ state: ' tx', month: '2026-03', filed: false })).toEqual({
      state: 'TX',
      month: '2026-03',
      filed: false,
    });
  });

  it('is refused for every state at once, or for a month that is not one', () => {
    expect(messageOf(PactFiledBodySchema.safeParse({ state: '*', month: '2026-03', filed: true }))).toBe(
      'Choose a state.',
    );
    expect(messageOf(PactFiledBodySchema.safeParse({ state: 'TX', month: '2026', filed: true }))).toBe(month);
  });
});

describe('what a line carried', () => {
  const liquid = (
    liquidMlPerUnit: number | null,
    cartridgesPerUnit: number | null,
  ): ComplianceAttributes => ({
    ...DEFAULT_ATTRIBUTES,
    kind: 'e_liquid',
    liquidMlPerUnit,
    cartridgesPerUnit,
  });

  it('is the ml and cartridges of one unit times the quantity', () => {
    expect(pactAmounts(liquid(30, 2), 4)).toEqual({ mlTotal: 120, cartridgesTotal: 8 });
    expect(pactAmounts(liquid(2.5, 1), 3)).toEqual({ mlTotal: 7.5, cartridgesTotal: 3 });
  });

  it('is kept to the tenth of a ml, as labels state it', () => {
    // 0.1 × 3 is 0.30000000000000004 in floating point; the report says 0.3.
    expect(pactAmounts(liquid(0.1, null), 3).mlTotal).toBe(0.3);
    expect(pactAmounts(liquid(0.7, null), 3).mlTotal).toBe(2.1);
    expect(pactAmounts(liquid(1.15, null), 1).mlTotal).toBe(1.2);
  });

  it('is unknown where the product does not say', () => {
    expect(pactAmounts(liquid(null, null), 5)).toEqual({ mlTotal: null, cartridgesTotal: null });
    expect(pactAmounts(liquid(0, 0), 5)).toEqual({ mlTotal: 0, cartridgesTotal: 0 });
  });
});

describe('the report’s rows', () => {
  it('go by state, then city (whatever its case), then ZIP, then day, then invoice', () => {
    const rows = [
      sale({ state: 'TX', city: 'austin', zip: '78702', orderNumber: 'A' }),
      sale({ state: 'TX', city: 'Austin', zip: '78701', date: '2026-03-09', orderNumber: 'B' }),
      sale({ state: 'TX', city: 'Austin', zip: '78701', date: '2026-03-02', orderNumber: 'D' }),
      sale({ state: 'TX', city: 'Austin', zip: '78701', date: '2026-03-02', orderNumber: 'C' }),
      sale({ state: 'TX', city: 'Abilene', zip: '79601', orderNumber: 'E' }),
      sale({ state: 'AL', city: 'Mobile', orderNumber: 'F' }),
      sale({ state: 'TX', city: 'Ámarillo', zip: '79101', orderNumber: 'G' }),
    ];
    expect(rows.sort(comparePactRows).map((r) => r.orderNumber)).toEqual(['F', 'E', 'G', 'C', 'D', 'B', 'A']);
    expect(comparePactRows(sale({}), sale({ city: 'AUSTIN' }))).toBe(0);
  });

  it('are written with the columns a filing lists, in its order', () => {
    expect(PACT_CSV_COLUMNS.map(([, label]) => label)).toEqual([
      'Date',
      'Invoice',
      'Business name',
      'Contact',
      'Email',
      'Phone',
      'Ship-to address',
      'City',
      'State',
      'ZIP',
      'Brand',
      'Product',
      'Option',
      'SKU',
      'Quantity',
      'Ml',
      'Cartridges',
      'Carrier',
    ]);
    const row = sale({ cartridgesTotal: 3 });
    expect(PACT_CSV_COLUMNS.map(([key]) => row[key])).toEqual([
      '2026-03-05',
      'SS-1001',
      'Corner Vapes',
      'Dana Reyes',
      'dana@example.com',
      '555-0100',
      '1 Main St',
      'Austin',
      'TX',
      '78701',
      'Glacier',
      'Glacier Puff',
      'Banana Ice',
      'GP-1-BAN',
      2,
      28,
      3,
      'UPS',
    ]);
  });
});

describe('what the console reads', () => {
  it('is the report and the filing list whole, as the server sent them', () => {
    const report = {
      month: '2026-03',
      state: 'TX',
      dueOn: '2026-04-10',
      rows: [sale({}), sale({ orderNumber: 'SS-1002', mlTotal: null, cartridgesTotal: 4 })],
      totals: { orders: 2, quantity: 4, mlTotal: 28 },
      filedAt: '2026-04-02T15:00:00.000Z',
    };
    expect(PactReportSchema.parse(report)).toEqual(report);
    const filing = {
      state: 'TX',
      stateName: 'Texas',
      month: '2026-03',
      dueOn: '2026-04-10',
      orders: 2,
      open: false,
      overdue: true,
      filedAt: null,
      filedBy: null,
    };
    const list = {
      toFile: [filing],
      filed: [
        {
          ...filing,
          month: '2026-02',
          overdue: false,
          filedAt: '2026-03-09T10:00:00.000Z',
          filedBy: 'ops@example.com',
        },
      ],
    };
    expect(PactFilingListSchema.parse(list)).toEqual(list);
  });
});
