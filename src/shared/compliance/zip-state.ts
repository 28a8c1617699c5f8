/**
 * The state a US ZIP code belongs to, from its first three digits (USPS's sectional centres).
 * Geography, not law: it does not change with the rules, so it lives in code. A few three-digit
 * prefixes straddle a border (a handful of ZIPs near state lines); the prefix's main state wins,
 * and the buyer's address (with its own state) is what checkout judges by.
 * Each run starts and ends on a prefix USPS's three-digit prefix list (L002) gives that state, as
 * zip-state.test.ts checks run by run; an unused prefix inside a state's run counts as that state's
 * (the runs are kept whole, and the address's own state is what checkout judges by).
 */
const RANGES: [from: number, to: number, state: string][] = [
  [5, 5, 'NY'], // Holtsville: the IRS's own ZIPs
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'], // Andover: the IRS's Massachusetts ZIPs, numbered among Vermont's
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  // 340: military mail to the Americas (APO/FPO AA), no state's.
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 731, 'OK'],
  [733, 733, 'TX'], // Austin: the IRS's Texas ZIPs, numbered among Oklahoma's
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'], // El Paso
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** The state of a 5-digit ZIP; null outside every state's run (military mail, territories, unused). */
export function stateOfZip(zip: string): string | null {
  const m = /^(\d{3})\d{2}$/.exec(zip.trim());
  if (!m) return null;
  const prefix = Number(m[1]);
  for (const [from, to, state] of RANGES) if (prefix >= from && prefix <= to) return state;
  return null;
}
