import { describe, expect, it } from 'vitest';
import { standingDocument } from './location-documents.ts';

describe('standingDocument', () => {
  const own = { status: 'pending' };
  const company = { status: 'verified' };

  it("is the location's own when it has one, even pending while the company's is verified", () => {
    expect(standingDocument(own, company)).toEqual({ document: own, source: 'location' });
    expect(standingDocument(own, null)).toEqual({ document: own, source: 'location' });
  });

  it("is the company's when the location has none, else nothing", () => {
    expect(standingDocument(null, company)).toEqual({ document: company, source: 'company' });
    expect(standingDocument(null, null)).toEqual({ document: null, source: 'none' });
  });
});
