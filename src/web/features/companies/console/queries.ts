import { type ConsoleParams, consoleRead } from '#web/lib/console-api.ts';

/** The companies console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const companiesQuery = (filters: ConsoleParams) =>
  consoleRead('companies', 'CompanyListSchema', filters);
export const companyQuery = (id: string) =>
  consoleRead(`companies/${encodeURIComponent(id)}`, 'CompanyDetailSchema');
/** The customer groups to choose from (the pricing console's read of the same endpoint). */
export const groupChoicesQuery = () => consoleRead('pricing/groups', 'GroupListSchema');
/** Staff whose role is sales: who may look after a company (decision 016). */
export const salesRepChoicesQuery = () => consoleRead('companies/sales-reps', 'SalesRepChoicesSchema');
