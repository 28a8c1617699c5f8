/** A readable URL part: ASCII letters and digits joined by dashes, at most 120 characters. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 120)
      // Trimmed after the cut, so a cut at a dash leaves no dash at the end.
      .replace(/^-+|-+$/g, '')
  );
}
