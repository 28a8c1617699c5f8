/** The accounts console's side as the console shell shows it (the menu's count). */
export { documentsToVerifyQuery } from './queries.ts';
