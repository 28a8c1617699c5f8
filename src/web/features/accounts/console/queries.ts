import { type ConsoleParams, consoleRead } from '#web/lib/console-api.ts';

/** The buyers and verification pages' reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const buyersQuery = (filters: ConsoleParams) => consoleRead('buyers', 'BuyerListSchema', filters);
export const buyerQuery = (id: string) =>
  consoleRead(`buyers/${encodeURIComponent(id)}`, 'BuyerDetailSchema');
export const verificationQueueQuery = () => consoleRead('verifications', 'VerificationQueueSchema');
export const expiringDocumentsQuery = (days: number) =>
  consoleRead('documents/expiring', 'ExpiringListSchema', { days });
/** How many documents wait for review (the console menu's count). */
export const documentsToVerifyQuery = () => consoleRead('verifications/count', 'MenuCountSchema');
