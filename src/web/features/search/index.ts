/** Search as the header's search box uses it. */
export { useSearchProducts } from './api/search-products.ts';
