import { describe, expect, it } from 'vitest';
import { stateOfZip } from './zip-state.ts';

describe('stateOfZip', () => {
  it.each([
    ['02108', 'MA'], // Boston
    ['02903', 'RI'], // Providence
    ['10001', 'NY'],
    ['07102', 'NJ'],
    ['20001', 'DC'],
    ['20500', 'DC'],
    ['22201', 'VA'],
    ['33602', 'FL'],
    ['73301', 'TX'], // Austin's IRS ZIP, inside Oklahoma's run
    ['73102', 'OK'],
    ['75201', 'TX'],
    ['88510', 'TX'], // El Paso
    ['87501', 'NM'],
    ['90210', 'CA'],
    ['96813', 'HI'],
    ['99501', 'AK'],
    ['55401', 'MN'],
    ['70112', 'LA'],
    ['40202', 'KY'],
    ['06103', 'CT'],
    ['05401', 'VT'],
    ['00501', 'NY'],
  ])('%s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state);
  });

  it.each(['00601', '09001', '96201', '96910', '1234', '123456', 'abcde', ''])(
    '%j is no state’s (territory, military, or not a ZIP)',
    (zip) => expect(stateOfZip(zip)).toBeNull(),
  );
});
