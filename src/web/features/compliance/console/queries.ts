import { consoleRead } from '#web/lib/console-api.ts';

/** The compliance console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const rulesQuery = () => consoleRead('compliance/rules', 'RuleListSchema');
export const ratesQuery = () => consoleRead('compliance/rates', 'TaxRateListSchema');
export const pactReportQuery = (month: string, state: string) =>
  consoleRead('compliance/pact', 'PactReportSchema', { month, state });
export const pactFilingsQuery = () => consoleRead('compliance/pact/filings', 'PactFilingListSchema');
export const listingsQuery = (productId: number) =>
  consoleRead('compliance/listings', 'ListingListSchema', { productId });
export const orderComplianceQuery = (number: string) =>
  consoleRead(`compliance/orders/${encodeURIComponent(number)}`, 'OrderComplianceSchema');
export const exciseFilingsQuery = () => consoleRead('compliance/excise-returns', 'ExciseFilingListSchema');
export const exciseReturnQuery = (month: string, state: string, page: number) =>
  consoleRead('compliance/excise-return', 'ExciseReturnSchema', { month, state, page });
