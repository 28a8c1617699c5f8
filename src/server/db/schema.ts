export * from '../modules/catalogue/catalogue.table.ts';
export * from '../modules/store/store.table.ts';
