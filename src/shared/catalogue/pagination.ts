/** SPEC §9: listing page size 20; a window of 5 page numbers with first/last buttons. */
export const LISTING_PAGE_SIZE = 20;
export const PAGINATION_WINDOW = 5;

export function pageCount(total: number, pageSize = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page numbers to show around `current`, always `window` long when there are enough pages. */
export function paginationWindow(current: number, totalPages: number, window = PAGINATION_WINDOW): number[] {
  const pages = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), pages);
  const size = Math.min(window, pages);
  let start = page - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, pages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}
