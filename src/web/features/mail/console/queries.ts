import { consoleRead } from '#web/lib/console-api.ts';

/** The outbox's reads (lib/console-api.ts, consoleRead). */
export const outboxQuery = (status: string | undefined, limit: number) =>
  consoleRead('outbox', 'OutboxListSchema', { status, limit });
/** One mail with its text, tokens in links redacted by the server. */
export const outboxMessageQuery = (id: number) => consoleRead(`outbox/${id}`, 'OutboxMessageSchema');
