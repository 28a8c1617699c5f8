import { describe, expect, it } from 'vitest';
import { stateOfZip } from './zip-state.ts';

/**
 * Each state's runs of three-digit prefixes, first and last, as USPS's three-digit ZIP Code prefix
 * list gives them (Labeling List L002, 3-Digit ZIP Code Prefix Matrix), read from the public
 * dataset "zip3_state.csv" of alexmunzon/agency-intake-kit, which transcribes L002 with each
 * prefix given the state its addresses are in:
 * https://github.com/alexmunzon/agency-intake-kit/blob/660fdf666ce998b20dc56521af8cd5fe5776f54c/engine/src/agency_schema/data/zip3_state.csv
 * (its source: https://pe.usps.com/Archive/HTML/DMMArchive20110102/L002.htm).
 * Where the table disagreed, the source won: 055 is Massachusetts (Andover), not Vermont; 340 is
 * military mail (APO/FPO AA), not Florida; 715 and 732 are no state's, not Louisiana's and Oklahoma's.
 */
const SOURCE_RUNS: [first: string, last: string, state: string][] = [
  ['005', '005', 'NY'], // Holtsville (the IRS)
  ['010', '027', 'MA'],
  ['028', '029', 'RI'],
  ['030', '038', 'NH'],
  ['039', '049', 'ME'],
  ['050', '054', 'VT'],
  ['055', '055', 'MA'], // Andover (the IRS), numbered among Vermont's
  ['056', '059', 'VT'],
  ['060', '069', 'CT'],
  ['070', '089', 'NJ'],
  ['100', '149', 'NY'],
  ['150', '196', 'PA'],
  ['197', '199', 'DE'],
  ['200', '200', 'DC'],
  ['201', '201', 'VA'], // Northern Virginia (Dulles), numbered among Washington's
  ['202', '205', 'DC'],
  ['206', '219', 'MD'],
  ['220', '246', 'VA'],
  ['247', '268', 'WV'],
  ['270', '289', 'NC'],
  ['290', '299', 'SC'],
  ['300', '319', 'GA'],
  ['320', '339', 'FL'],
  ['341', '349', 'FL'],
  ['350', '369', 'AL'],
  ['370', '385', 'TN'],
  ['386', '397', 'MS'],
  ['398', '399', 'GA'], // Albany, and Atlanta's IRS, numbered among Mississippi's
  ['400', '427', 'KY'],
  ['430', '459', 'OH'],
  ['460', '479', 'IN'],
  ['480', '499', 'MI'],
  ['500', '528', 'IA'],
  ['530', '549', 'WI'],
  ['550', '567', 'MN'],
  ['569', '569', 'DC'], // not in L002's 2011 edition; the dataset adds it
  ['570', '577', 'SD'],
  ['580', '588', 'ND'],
  ['590', '599', 'MT'],
  ['600', '629', 'IL'],
  ['630', '658', 'MO'],
  ['660', '679', 'KS'],
  ['680', '693', 'NE'],
  ['700', '714', 'LA'],
  ['716', '729', 'AR'],
  ['730', '731', 'OK'],
  ['733', '733', 'TX'], // Austin (the IRS), numbered among Oklahoma's
  ['734', '749', 'OK'],
  ['750', '799', 'TX'],
  ['800', '816', 'CO'],
  ['820', '831', 'WY'],
  ['832', '838', 'ID'],
  ['840', '847', 'UT'],
  ['850', '865', 'AZ'],
  ['870', '884', 'NM'],
  ['885', '885', 'TX'], // El Paso, numbered among New Mexico's
  ['889', '898', 'NV'],
  ['900', '961', 'CA'],
  ['967', '968', 'HI'],
  ['970', '979', 'OR'],
  ['980', '994', 'WA'],
  ['995', '999', 'AK'],
];

describe('stateOfZip', () => {
  it.each(
    SOURCE_RUNS.flatMap(([first, last, state]) => [
      [`${first}01`, state],
      [`${last}99`, state],
    ]),
  )('%s is in %s, as USPS numbers it', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state);
  });

  it.each([
    ['20001', 'DC'],
    ['20101', 'VA'], // Dulles
    ['20201', 'DC'],
    ['20301', 'DC'],
    ['20401', 'DC'],
    ['20599', 'DC'],
    ['05501', 'MA'], // Andover, not Vermont
    ['05401', 'VT'], // Burlington
    ['73301', 'TX'], // Austin's IRS ZIP, inside Oklahoma's run
    ['88510', 'TX'], // El Paso, inside New Mexico's run
    ['39901', 'GA'],
    ['56901', 'DC'],
  ])('the odd one out: %s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state);
  });

  it('reads a ZIP typed with spaces around it', () => {
    expect(stateOfZip('  02108 ')).toBe('MA');
    expect(stateOfZip('\t90210\n')).toBe('CA');
  });

  it.each([
    '00401', // unused
    '00601', // Puerto Rico
    '00801', // US Virgin Islands
    '00901', // Puerto Rico
    '09001', // military mail, Europe (AE)
    '09901',
    '34001', // military mail, the Americas (AA)
    '71501', // unused, between Louisiana and Arkansas
    '73201', // unused, inside Oklahoma's numbers
    '96201', // military mail, the Pacific (AP)
    '96601',
    '96910', // Guam
  ])('%s is no state’s (territory, military mail, or unused)', (zip) => {
    expect(stateOfZip(zip)).toBeNull();
  });

  it.each(['1234', '123456', 'abcde', '', '02108-1234', '021 08', 'x02108', '02108x'])(
    '%j is not a 5-digit ZIP, so no state’s',
    (zip) => expect(stateOfZip(zip)).toBeNull(),
  );
});
