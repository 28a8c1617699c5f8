import { describe, expect, it } from 'vitest';
import { detectDocumentType, safeDisplayName } from './file-type.ts';

describe('detectDocumentType', () => {
  it('knows JPEG, PNG, PDF, DOC and DOCX by their bytes', () => {
    expect(detectDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.contentType).toBe('image/jpeg');
    expect(
      detectDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.extension,
    ).toBe('png');
    expect(detectDocumentType(Buffer.from('%PDF-1.7\n...'))?.contentType).toBe('application/pdf');
    expect(
      detectDocumentType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))?.extension,
    ).toBe('doc');
    const docx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....[Content_Types].xml....word/document.xml....'),
    ]);
    expect(detectDocumentType(docx)?.extension).toBe('docx');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(detectDocumentType(Buffer.from('MZ\x90\x00 this is an exe'))).toBeNull();
    expect(detectDocumentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeNull(); // a zip, not a Word file
    expect(detectDocumentType(Buffer.from('<html><script>'))).toBeNull();
    expect(detectDocumentType(Buffer.alloc(0))).toBeNull();
  });
});

describe('safeDisplayName', () => {
  it('keeps only a harmless last segment', () => {
    expect(safeDisplayName('../../etc/passwd')).toBe('passwd');
    expect(safeDisplayName('C:\\Users\\me\\licence.pdf')).toBe('licence.pdf');
    expect(safeDisplayName('a"b<c>\r\n.pdf')).toBe('abc.pdf');
    expect(safeDisplayName('')).toBe('document');
    expect(safeDisplayName('x'.repeat(500))).toHaveLength(120);
  });
});
