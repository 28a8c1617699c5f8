/** Receivables' console side as the console's other pages show it (app/console/console-slots.tsx). */
export { CompanyReceivables } from './company-receivables.tsx';
export { OrderInvoices } from './order-invoices.tsx';
