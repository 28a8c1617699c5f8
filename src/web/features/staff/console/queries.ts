import { consoleRead } from '#web/lib/console-api.ts';

/** The audit log's filters as the page's URL holds them ('' for one not set). */
export interface AuditFilters {
  entity?: string;
  entityId?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  /** Older than this entry: a later page. */
  before?: string;
}

/** The staff pages' reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const staffListQuery = () => consoleRead('staff', 'StaffListSchema');
export const auditQuery = (filters: AuditFilters, limit = 50) =>
  consoleRead('audit', 'AuditListSchema', { ...filters, limit });
