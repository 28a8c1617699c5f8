/**
 * What an upload really is, from its first bytes (and, for Word .docx, its zip directory):
 * the name and the browser's content type are the sender's claims, not facts.
 */
export interface DetectedType {
  contentType: string;
  extension: string;
}

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export function detectDocumentType(buf: Buffer): DetectedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { contentType: 'application/msword', extension: 'doc' };
  // A .docx is a zip whose directory names word/document.xml (names are stored uncompressed).
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) && buf.includes('word/document.xml', 0, 'latin1')) {
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    };
  }
  return null;
}

/** A display name: the last path segment, control and quote characters removed, at most 120 characters. */
export function safeDisplayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const clean = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim();
  // By code points, not UTF-16 units: a cut must not leave half of an emoji (a lone surrogate).
  return Array.from(clean || 'document')
    .slice(0, 120)
    .join('');
}
