/** Compliance's console side as the console's other pages show it (app/console/console-slots.tsx). */
export { DirectoryListings } from './directory-listings.tsx';
export { OrderCompliancePanel } from './order-compliance-panel.tsx';
