/** Where the document judging a location comes from (decision 015). */
export type DocumentSource = 'location' | 'company' | 'none';

/**
 * The document of one kind that stands for a location: its own when it has one, whatever its
 * status (a location's pending license does not fall back to the company's verified one), else
 * the company's; the server's SQL (licence states, place_order's checks) applies the same rule.
 */
export function standingDocument<D>(
  own: D | null,
  company: D | null,
): { document: D | null; source: DocumentSource } {
  if (own !== null) return { document: own, source: 'location' };
  if (company !== null) return { document: company, source: 'company' };
  return { document: null, source: 'none' };
}
