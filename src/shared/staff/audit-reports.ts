import { stateName } from '#shared/accounts/us-states.ts';
import { formatMonth } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { asRecord } from '#shared/staff/audit-values.ts';

/**
 * The audit log's sentences for reports and excise returns (decision 018): a state's month marked
 * filed (with the amount) or not, the default reorder point, an option's own. Kept apart from
 * audit-sentence.ts, which reads them in.
 */
interface ReportsEntry {
  entityId: string;
  before: unknown;
  after: unknown;
}

const field = (v: unknown, key: string) => asRecord(v)?.[key];
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** "the excise return of New York for October 2026", from its entity id "NY/2026-10". */
function exciseReturnOf(entityId: string): string {
  const [state, month] = entityId.split('/');
  return month && /^\d{4}-\d{2}$/.test(month)
    ? `the excise return of ${stateName(state!) || state} for ${formatMonth(month)}`
    : `excise return ${entityId}`;
}

function pointChanged(e: ReportsEntry): string {
  const sku = field(e.after, 'sku') ?? field(e.before, 'sku');
  const what = typeof sku === 'string' ? `option ${sku}` : `option #${e.entityId}`;
  const [was, now] = [num(field(e.before, 'point')), num(field(e.after, 'point'))];
  if (now === null)
    return `Set the reorder point of ${what} back to the default${was === null ? '' : `, from ${was}`}`;
  return `Set the reorder point of ${what} to ${now}${was === null ? '' : `, from ${was}`}`;
}

export const REPORTS_SENTENCES: Record<string, (e: ReportsEntry) => string> = {
  'excise.filed': (e) => {
    const cents = num(field(e.after, 'filedCents'));
    return `Marked ${exciseReturnOf(e.entityId)} as filed${cents === null ? '' : `, ${formatCents(cents)}`}`;
  },
  'excise.unfiled': (e) => `Marked ${exciseReturnOf(e.entityId)} as not filed`,
  'reports.settings': (e) => {
    const [was, now] = [
      num(field(e.before, 'defaultReorderPoint')),
      num(field(e.after, 'defaultReorderPoint')),
    ];
    return `Set the default reorder point to ${now ?? 'a new value'}${was === null ? '' : `, from ${was}`}`;
  },
  'reports.reorder_point': pointChanged,
};
