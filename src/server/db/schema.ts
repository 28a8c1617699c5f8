export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/staff/staff.table.ts';
export * from '../modules/cart/cart.table.ts';
export * from '../modules/catalogue/catalogue.table.ts';
export * from '../modules/mail/mail.table.ts';
export * from '../modules/orders/orders.table.ts';
export * from '../modules/store/store.table.ts';
