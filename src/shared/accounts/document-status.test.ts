import { describe, expect, it } from 'vitest';
import { isoDay } from '#shared/dates.ts';
import { effectiveDocumentStatus } from './document-status.ts';

describe('effectiveDocumentStatus', () => {
  it('a verified document is expired only after its expiry day', () => {
    expect(effectiveDocumentStatus('verified', '2026-11-22', '2026-11-22')).toBe('verified');
    expect(effectiveDocumentStatus('verified', '2026-11-21', '2026-11-22')).toBe('expired');
    expect(effectiveDocumentStatus('verified', null, '2030-01-01')).toBe('verified');
    expect(effectiveDocumentStatus('pending', '2020-01-01', '2026-11-22')).toBe('pending');
  });
  it('days are UTC calendar days', () => {
    expect(isoDay(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });
});
