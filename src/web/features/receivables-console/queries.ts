import { type ConsoleParams, consoleRead } from '#web/lib/console-api.ts';

/** The receivables console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const receivablesQuery = (filters: ConsoleParams) =>
  consoleRead('receivables', 'ReceivablesListSchema', filters);
export const receivablesSettingsQuery = () =>
  consoleRead('receivables/settings', 'ReceivablesSettingsSchema');

const company = (id: string, rest: string) => `companies/${encodeURIComponent(id)}/${rest}`;
export const ledgerQuery = (companyId: string) =>
  consoleRead(company(companyId, 'ledger'), 'CompanyLedgerSchema');
export const companyTermsQuery = (companyId: string) =>
  consoleRead(company(companyId, 'terms'), 'CompanyTermsSchema');
export const statementQuery = (companyId: string, period: { from: string; to: string }) =>
  consoleRead(company(companyId, 'statement'), 'StatementSchema', period);
export const orderInvoicesQuery = (orderNumber: string) =>
  consoleRead('invoices', 'InvoiceListSchema', { order: orderNumber });

/** A console write's path under /api/v1/admin for one company. */
export const companyPath = company;
