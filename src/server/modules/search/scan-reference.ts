import type { ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { SEARCH_KEY_SEPARATOR } from '#shared/catalogue/search-key.ts';
import { productAt } from './sorted-lists.ts';

/**
 * The spec's search as one `indexOf` pass over every product's whole key, in the index's product
 * order: the reference the search index is tested against (tests only; never on a request).
 */
export class ScanReference {
  /** All keys joined by newlines (which never survive normalisation), and where each starts. */
  private readonly text: string;
  private readonly starts: Int32Array;
  private readonly nameLengths: Int32Array;

  constructor(entries: readonly ProductEntry[]) {
    const n = entries.length;
    this.starts = new Int32Array(n + 1);
    this.nameLengths = new Int32Array(n);
    let offset = 0;
    entries.forEach((p, i) => {
      this.starts[i] = offset;
      offset += p.row.searchKey.length + 1;
      const sep = p.row.searchKey.indexOf(SEARCH_KEY_SEPARATOR);
      this.nameLengths[i] = sep === -1 ? p.row.searchKey.length : sep;
    });
    this.starts[n] = offset;
    this.text = entries.map((p) => p.row.searchKey).join('\n');
  }

  /** The products holding `needle`: name hits first, each in order. */
  indices(needle: string): number[] {
    const { text, starts, nameLengths } = this;
    const nameHits: number[] = [];
    const otherHits: number[] = [];
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at === -1) break;
      const i = productAt(starts, at);
      if (at - starts[i]! + needle.length <= nameLengths[i]!) nameHits.push(i);
      else otherHits.push(i);
      from = starts[i + 1]!; // one hit per product is enough
    }
    for (const i of otherHits) nameHits.push(i);
    return nameHits;
  }
}
