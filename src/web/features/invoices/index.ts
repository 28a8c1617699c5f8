/** The invoices feature as other features and the app see it (its page loads lazily by route). */
export { OrderInvoices } from './order-invoices.tsx';
