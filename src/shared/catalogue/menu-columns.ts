/** SPEC §9: menu brand lists are split into 2, 3 or 5 columns by category (by how many brands it has). */
export function brandColumnCount(brandCount: number): 2 | 3 | 5 {
  if (brandCount <= 4) return 2;
  if (brandCount <= 6) return 3;
  return 5;
}

/** Splits items into `columns` columns, filling top to bottom, as even as possible. */
export function splitIntoColumns<T>(items: readonly T[], columns: number): T[][] {
  const perColumn = Math.ceil(items.length / columns);
  const out: T[][] = [];
  for (let i = 0; i < columns; i++) {
    const slice = items.slice(i * perColumn, (i + 1) * perColumn);
    if (slice.length) out.push(slice);
  }
  return out;
}
