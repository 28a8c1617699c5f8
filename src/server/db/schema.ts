export * from '#server/modules/accounts/accounts.table.ts';
export * from '#server/modules/cart/cart.table.ts';
export * from '#server/modules/catalogue/catalogue.table.ts';
export * from '#server/modules/compliance/compliance.table.ts';
export * from '#server/modules/mail/mail.table.ts';
export * from '#server/modules/orders/orders.table.ts';
export * from '#server/modules/staff/staff.table.ts';
export * from '#server/modules/store/store.table.ts';
