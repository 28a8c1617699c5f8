import { describe, expect, it } from 'vitest';
import { type ComplianceAttributes, DEFAULT_ATTRIBUTES } from './attributes.ts';
import {
  COMPLIANCE_CSV_COLUMNS,
  type ComplianceCsvColumn,
  ComplianceCsvSchema,
  complianceCells,
  type ListingEntry,
  listingsText,
  parseListings,
  variantComplianceKey,
} from './compliance-csv.ts';

// A row of the compliance columns as a file brings them: every cell empty unless given.
const row = (over: Partial<Record<ComplianceCsvColumn, string>> = {}) => ({
  ...(Object.fromEntries(COMPLIANCE_CSV_COLUMNS.map((c) => [c, ''])) as Record<ComplianceCsvColumn, string>),
  ...over,
});
/** What the import reports for a refused row: the column, then the message (as the import shows it). */
const refusal = (over: Partial<Record<ComplianceCsvColumn, string>>) => {
  const issue = ComplianceCsvSchema.safeParse(row(over)).error?.issues[0];
  return issue && `${String(issue.path[0])}: ${issue.message}`;
};
const LISTINGS_MESSAGE =
  'directory_listings must be entries like "AL:AL-12345:2026-11-01 | OK" (state, listing id, date listed).';

describe('the compliance columns of the catalogue CSV', () => {
  it('come after the catalogue’s own, in the order an export writes and an import reads them', () => {
    expect(COMPLIANCE_CSV_COLUMNS).toEqual([
      'kind',
      'flavoured',
      'nicotine_mg_per_ml',
      'liquid_ml_per_unit',
      'cartridges_per_unit',
      'cannabinoid',
      'thc_mg_per_container',
      'synthesised',
      'option_flavoured',
      'option_nicotine_mg_per_ml',
      'directory_listings',
    ]);
  });

  it('read empty cells as an accessory with nothing known, no option of its own and no listing', () => {
    expect(ComplianceCsvSchema.parse(row())).toEqual({
      attributes: DEFAULT_ATTRIBUTES,
      variant: {},
      listings: [],
    });
    expect(ComplianceCsvSchema.parse(row()).attributes.kind).toBe('accessory');
  });

  it('read every attribute, ignoring case and surrounding spaces', () => {
    const parsed = ComplianceCsvSchema.parse(
      row({
        kind: ' E_Liquid ',
        flavoured: ' Yes ',
        nicotine_mg_per_ml: ' 50 ',
        liquid_ml_per_unit: '2.5',
        cartridges_per_unit: '4',
        cannabinoid: ' Delta_8 ',
        thc_mg_per_container: '.3',
        synthesised: 'TRUE',
        option_flavoured: 'no',
        option_nicotine_mg_per_ml: '3',
        directory_listings: 'ok',
      }),
    );
    expect(parsed).toEqual({
      attributes: {
        kind: 'e_liquid',
        flavoured: true,
        nicotineMgPerMl: 50,
        liquidMlPerUnit: 2.5,
        cartridgesPerUnit: 4,
        cannabinoid: 'delta_8',
        thcMgPerContainer: 0.3,
        synthesised: true,
      },
      variant: { flavoured: false, nicotineMgPerMl: 3 },
      listings: [{ state: 'OK', listingId: '', listedOn: null }],
    });
  });

  it('take true, yes and 1, or false, no and 0, as a flag', () => {
    const flavoured = (text: string) =>
      ComplianceCsvSchema.parse(row({ flavoured: text })).attributes.flavoured;
    for (const yes of ['true', 'yes', '1', 'Yes']) expect(flavoured(yes)).toBe(true);
    for (const no of ['false', 'no', '0', 'FALSE', '']) expect(flavoured(no)).toBe(false);
    const option = (text: string) => ComplianceCsvSchema.parse(row({ option_flavoured: text })).variant;
    expect(option('1')).toEqual({ flavoured: true });
    expect(option('0')).toEqual({ flavoured: false });
    // An empty option cell: the option is as its product.
    expect(option(' ')).toEqual({});
  });

  it('refuse a flag that is not one, naming its column', () => {
    expect(refusal({ flavoured: 'maybe' })).toBe('flavoured: flavoured must be true or false.');
    expect(refusal({ flavoured: 'y' })).toBe('flavoured: flavoured must be true or false.');
    expect(refusal({ synthesised: '2' })).toBe('synthesised: synthesised must be true or false.');
    expect(refusal({ option_flavoured: 'sometimes' })).toBe(
      'option_flavoured: option_flavoured must be true or false.',
    );
    // Only the words a flag takes, not the names every object has (which once escaped as a throw).
    expect(refusal({ flavoured: 'constructor' })).toBe('flavoured: flavoured must be true or false.');
    expect(refusal({ option_flavoured: '__proto__' })).toBe(
      'option_flavoured: option_flavoured must be true or false.',
    );
  });

  it('take a figure up to its limit, with up to six decimals; empty is unknown', () => {
    const attributes = (over: Partial<Record<ComplianceCsvColumn, string>>) =>
      ComplianceCsvSchema.parse(row(over)).attributes;
    expect(attributes({ nicotine_mg_per_ml: '1000' }).nicotineMgPerMl).toBe(1000);
    expect(attributes({ nicotine_mg_per_ml: '0' }).nicotineMgPerMl).toBe(0);
    expect(attributes({ liquid_ml_per_unit: '10000' }).liquidMlPerUnit).toBe(10_000);
    expect(attributes({ liquid_ml_per_unit: '0.123456' }).liquidMlPerUnit).toBe(0.123456);
    expect(attributes({ cartridges_per_unit: '10000' }).cartridgesPerUnit).toBe(10_000);
    expect(attributes({ thc_mg_per_container: '1000000' }).thcMgPerContainer).toBe(1_000_000);
    expect(attributes({ thc_mg_per_container: ' ' }).thcMgPerContainer).toBe(null);
    expect(ComplianceCsvSchema.parse(row({ option_nicotine_mg_per_ml: '1000' })).variant).toEqual({
      nicotineMgPerMl: 1000,
    });
  });

  it('refuse a figure over its limit, negative, with too many decimals or not a number', () => {
    const nicotine =
      'nicotine_mg_per_ml: nicotine_mg_per_ml must be a number from 0 to 1000, or empty when unknown.';
    for (const text of ['1000.1', '-3', '1.1234567', '1.', '.', 'ten', '1e3', '1,5', '0x10', ' 5 5 '])
      expect(refusal({ nicotine_mg_per_ml: text })).toBe(nicotine);
    expect(refusal({ liquid_ml_per_unit: '10000.5' })).toBe(
      'liquid_ml_per_unit: liquid_ml_per_unit must be a number from 0 to 10000, or empty when unknown.',
    );
    expect(refusal({ thc_mg_per_container: '1000001' })).toBe(
      'thc_mg_per_container: thc_mg_per_container must be a number from 0 to 1000000, or empty when unknown.',
    );
    expect(refusal({ option_nicotine_mg_per_ml: '2000' })).toBe(
      'option_nicotine_mg_per_ml: option_nicotine_mg_per_ml must be a number from 0 to 1000, or empty when unknown.',
    );
    // Ten digits are too many, whatever their value.
    expect(refusal({ liquid_ml_per_unit: '0000000001' })).toBe(
      'liquid_ml_per_unit: liquid_ml_per_unit must be a number from 0 to 10000, or empty when unknown.',
    );
  });

  it('refuse cartridges that are not a whole number', () => {
    const cartridges =
      'cartridges_per_unit: cartridges_per_unit must be a whole number from 0 to 10000, or empty when unknown.';
    for (const text of ['2.5', '2.0', '-1', '10001', 'x2', '2x', '0000000001'])
      expect(refusal({ cartridges_per_unit: text })).toBe(cartridges);
    expect(
      ComplianceCsvSchema.parse(row({ cartridges_per_unit: '000000002' })).attributes.cartridgesPerUnit,
    ).toBe(2);
  });

  it('refuse a kind or cannabinoid that is not one, listing those there are', () => {
    expect(refusal({ kind: 'vape' })).toBe(
      'kind: kind must be one of ends_device, e_liquid, pod_cartridge, hemp_cannabinoid, kratom, tobacco, accessory.',
    );
    expect(refusal({ cannabinoid: 'thc' })).toBe(
      'cannabinoid: cannabinoid must be empty or one of delta_9, delta_8, thca, hhc, cbd, other.',
    );
  });

  it('refuse listings that are not entries, naming the column', () => {
    for (const text of ['XX', 'AL | al', 'ALA:1', 'AL:1:2026-13-01', 'AL:1:2026-02-30', 'AL:a:b:c', 'AL;1'])
      expect(refusal({ directory_listings: text })).toBe(`directory_listings: ${LISTINGS_MESSAGE}`);
  });
});

describe('directory listings in a cell', () => {
  it('are states, each with a listing id and the day it was listed if known, sorted by state', () => {
    expect(parseListings('ok | al:AL-12345:2026-11-01')).toEqual([
      { state: 'AL', listingId: 'AL-12345', listedOn: '2026-11-01' },
      { state: 'OK', listingId: '', listedOn: null },
    ]);
    expect(parseListings('TX:  TX 9 ')).toEqual([{ state: 'TX', listingId: 'TX 9', listedOn: null }]);
    expect(parseListings('AL::2028-02-29')).toEqual([{ state: 'AL', listingId: '', listedOn: '2028-02-29' }]);
    expect(parseListings(`AL:${'x'.repeat(80)}`)).toEqual([
      { state: 'AL', listingId: 'x'.repeat(80), listedOn: null },
    ]);
  });

  it('are none in an empty cell, and empty entries are skipped', () => {
    expect(parseListings('')).toEqual([]);
    expect(parseListings(' | AL |  | ')).toEqual([{ state: 'AL', listingId: '', listedOn: null }]);
  });

  it('refuse an unknown state, a state twice, a long id or a day not on the calendar', () => {
    expect(parseListings('ZZ')).toBeNull();
    expect(parseListings('AL | OK | al:2')).toBeNull();
    expect(parseListings(`AL:${'x'.repeat(81)}`)).toBeNull();
    expect(parseListings('A1')).toBeNull();
    expect(parseListings('AL:1:2026-02-29')).toBeNull();
    expect(parseListings('AL:1:2026-04-31')).toBeNull();
    expect(parseListings('AL:1:26-04-01')).toBeNull();
    expect(parseListings('AL | MA:1:2026-00-10')).toBeNull();
    // One bad entry refuses the cell, wherever it is.
    expect(parseListings('MA:1:2026-1-10 | AL')).toBeNull();
  });

  it('are written back sorted, without the empty parts at the end', () => {
    const entries: ListingEntry[] = [
      { state: 'TX', listingId: '', listedOn: null },
      { state: 'OK', listingId: 'OK-7', listedOn: null },
      { state: 'AL', listingId: '', listedOn: '2026-11-01' },
    ];
    expect(listingsText(entries)).toBe('AL::2026-11-01 | OK:OK-7 | TX');
    // The caller's list is left as it was.
    expect(entries.map((e) => e.state)).toEqual(['TX', 'OK', 'AL']);
    expect(listingsText([])).toBe('');
  });

  it('read back as they were written, so two lists match exactly when their texts do', () => {
    const entries: ListingEntry[] = [
      { state: 'AL', listingId: '', listedOn: '2026-11-01' },
      { state: 'OK', listingId: 'OK-7', listedOn: '2025-01-31' },
      { state: 'TX', listingId: '', listedOn: null },
      { state: 'UT', listingId: 'UT 1', listedOn: null },
    ];
    expect(parseListings(listingsText(entries))).toEqual(entries);
    expect(listingsText(parseListings('tx | ok:OK-7:2025-01-31 |al::2026-11-01 | UT:UT 1')!)).toBe(
      listingsText(entries),
    );
  });
});

describe('what an option carries where it differs', () => {
  it('is compared by what it says', () => {
    expect(variantComplianceKey({ nicotineMgPerMl: 3, flavoured: true })).toBe(
      variantComplianceKey({ flavoured: true, nicotineMgPerMl: 3 }),
    );
    expect(variantComplianceKey({ flavoured: undefined })).toBe(variantComplianceKey({}));
  });

  it('tells an option of its own from one as its product, and unknown nicotine from the same', () => {
    const keys = [
      {},
      { flavoured: false },
      { flavoured: true },
      { nicotineMgPerMl: null },
      { nicotineMgPerMl: 0 },
      { nicotineMgPerMl: 3 },
    ].map(variantComplianceKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the compliance cells an export writes', () => {
  const vape: ComplianceAttributes = {
    kind: 'ends_device',
    flavoured: true,
    nicotineMgPerMl: 50,
    liquidMlPerUnit: 2.5,
    cartridgesPerUnit: 1,
    cannabinoid: null,
    thcMgPerContainer: null,
    synthesised: false,
  };
  const listings: ListingEntry[] = [
    { state: 'OK', listingId: '', listedOn: null },
    { state: 'AL', listingId: 'AL-1', listedOn: '2026-11-01' },
  ];

  it('say every attribute, the option’s own values and the listings', () => {
    expect(complianceCells(vape, { flavoured: false, nicotineMgPerMl: 0 }, listings)).toEqual({
      kind: 'ends_device',
      flavoured: 'true',
      nicotine_mg_per_ml: '50',
      liquid_ml_per_unit: '2.5',
      cartridges_per_unit: '1',
      cannabinoid: '',
      thc_mg_per_container: '',
      synthesised: 'false',
      option_flavoured: 'false',
      option_nicotine_mg_per_ml: '0',
      directory_listings: 'AL:AL-1:2026-11-01 | OK',
    });
    const hemp: ComplianceAttributes = {
      ...DEFAULT_ATTRIBUTES,
      kind: 'hemp_cannabinoid',
      cannabinoid: 'thca',
      thcMgPerContainer: 0.3,
      synthesised: true,
    };
    expect(complianceCells(hemp, {}, [])).toMatchObject({
      cannabinoid: 'thca',
      thc_mg_per_container: '0.3',
      synthesised: 'true',
      nicotine_mg_per_ml: '',
      option_flavoured: '',
      option_nicotine_mg_per_ml: '',
      directory_listings: '',
    });
  });

  it('are read back by an import as they were', () => {
    for (const [attributes, variant] of [
      [vape, { flavoured: false, nicotineMgPerMl: 0 }],
      [vape, { nicotineMgPerMl: 6 }],
      [
        { ...DEFAULT_ATTRIBUTES, kind: 'hemp_cannabinoid', cannabinoid: 'delta_9', thcMgPerContainer: 10 },
        {},
      ],
      [DEFAULT_ATTRIBUTES, { flavoured: true }],
    ] as const)
      expect(ComplianceCsvSchema.parse(complianceCells(attributes, variant, listings))).toEqual({
        attributes,
        variant,
        listings: [listings[1], listings[0]],
      });
  });
});
