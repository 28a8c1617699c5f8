/** The orders feature as other features and the app see it. */
export { OrdersPanel } from './orders-panel.tsx';
