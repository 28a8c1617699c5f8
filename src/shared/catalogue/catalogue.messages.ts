import { CATALOGUE_CSV_MAX_ROWS } from './catalogue.constants.ts';

/*
 * Every message of the catalogue, storefront and console alike. Not in the spec: our own wording
 * for cases it does not cover.
 */

/** What a buyer reads: a link to something that is not there, a ZIP that is not one. */
export const catalogueMessages = {
  categoryNotFound: 'Category not found',
  brandNotFound: 'Brand not found',
  productNotFound: 'Product not found',
  invalidZip: 'Enter a 5-digit US ZIP code',
} as const;

/** What staff read when a catalogue change is refused. */
export const catalogueAdminMessages = {
  nameRequired: 'Enter a name.',
  slugTaken: 'That web address (slug) is already used here: choose another.',
  skuTaken: 'That SKU is already used by another product or option.',
  skuInvalid: 'A SKU is 1 to 60 letters, digits, dots, dashes or underscores.',
  categoryHasBrands: 'This category still has brands: move or delete them first.',
  brandHasProducts: 'This brand still has products: move or delete them first.',
  productHasOrders: 'This product has orders, so it cannot be deleted: hide it instead.',
  variantHasOrders: 'This option has orders, so it cannot be deleted: set its stock to 0 instead.',
  lastVariant: 'A product needs at least one option.',
  discountNotBelowPrice: 'The discount price must be below the price.',
  discountIncomplete: 'Give both a discount price and a discount percentage, or neither.',
  categoryNotFound: catalogueMessages.categoryNotFound,
  brandNotFound: catalogueMessages.brandNotFound,
  productNotFound: catalogueMessages.productNotFound,
  variantNotFound: 'Option not found',
  bannerNotFound: 'Banner not found',
  saved: 'Saved.',
  deleted: 'Deleted.',
} as const;

/** A picture refused on upload. */
export const imageUploadMessages = {
  tooLarge: 'Images can be up to 8 MB.',
  wrongType: 'Upload a JPEG, PNG or WebP image.',
  unreadable: 'That image could not be read.',
} as const;

/** What the console's catalogue forms say about what was typed in a box. */
export const catalogueFormMessages = {
  position: 'Enter the order as a whole number from 0 to 100000.',
  stock: 'Enter the stock as a whole number from 0.',
  casePack: 'Enter a whole number of 1 or more.',
  brand: 'Choose a brand.',
  price: 'Enter the price as an amount like 12.50.',
  discountPrice: 'Enter the discount price as an amount like 9.99, or leave it empty.',
  discountPercentage: 'The discount percentage is a number from 0 to 100.',
  rating: 'The rating is a number from 0 to 5.',
  figure: 'Enter a number, or leave it empty.',
  wholeFigure: 'Enter a whole number, or leave it empty.',
} as const;

/** The catalogue CSV import's refusals, by row and for the whole file. */
export const catalogueCsvMessages = {
  empty: 'The file has no rows.',
  tooManyRows: `A file can hold up to ${CATALOGUE_CSV_MAX_ROWS.toLocaleString('en-US')} rows.`,
  missingColumns: (cols: string[]) => `The header is missing: ${cols.join(', ')}.`,
  duplicateSku: (line: number) => `This SKU is already on line ${line}.`,
  productDiffers: (line: number) =>
    `The product fields differ from line ${line}, which has the same product_sku.`,
  skuIsOtherProduct: (product: string) => `This SKU is an option of another product (${product}).`,
  skuIsProductSku: 'This SKU is already a product SKU.',
  invalidNothingWritten: 'Some rows are not valid: nothing was written.',
  imported: 'The catalogue was imported.',
  discount: catalogueAdminMessages.discountIncomplete,
} as const;
