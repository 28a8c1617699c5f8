import { consoleRead } from '#web/lib/console-api.ts';

/** The outbox's read (lib/console-api.ts, consoleRead). */
export const outboxQuery = (status: string | undefined, limit: number) =>
  consoleRead('outbox', 'OutboxListSchema', { status, limit });
