/** Pricing's console side as the console's other pages show it (app/console/console-slots.tsx). */
export { BuyerGroupPanel } from './buyer-group-panel.tsx';
