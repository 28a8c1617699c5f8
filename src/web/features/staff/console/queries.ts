import { consoleRead } from '#web/lib/console-api.ts';

/** The staff pages' reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const staffListQuery = () => consoleRead('staff', 'StaffListSchema');
export const auditQuery = (entity: string | undefined, limit: number) =>
  consoleRead('audit', 'AuditListSchema', { entity, limit });
