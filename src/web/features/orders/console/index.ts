/** The orders console's side as the console shell shows it (the menu's count). */
export { ordersToShipQuery } from './queries.ts';
