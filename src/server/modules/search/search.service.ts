import type { z } from 'zod';
import type { SearchQuerySchema, SearchResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { pageCount } from '#shared/catalogue/pagination.ts';
import { normalizeForSearch, toLikeSubstringPattern } from '#shared/catalogue/search-key.ts';
import type { Database } from '../../db/client.ts';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model.ts';

type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * SPEC §5 search: case-insensitive substring match ignoring spaces, on variant, product, brand
 * and category names. The match runs in PostgreSQL over `products.search_key` (indexed with
 * pg_trgm); hits whose product name matches come first. Cards come from the read model.
 */
export async function search(
  database: Database,
  model: CatalogueReadModel,
  q: z.output<typeof SearchQuerySchema>,
): Promise<SearchResponse> {
  const needle = normalizeForSearch(q.q);
  if (!needle) return { query: q.q, items: [], total: 0, page: q.page, pageCount: 1 };
  const offset = (q.page - 1) * q.limit;
  const rows = await database.query<{ id: number; total: string | number }>(
    `select id, count(*) over () as total
       from products
      where search_key like $1 escape '\\'
      order by strpos(search_key, $2), name, id
      limit $3 offset $4`,
    [toLikeSubstringPattern(needle), needle, q.limit, offset],
  );
  const total = rows.length ? Number(rows[0]!.total) : 0;
  const items = rows.flatMap((r) => {
    const p = model.productById.get(r.id);
    if (!p) return [];
    const nameMatches = [p.card.name, p.card.brandName, p.card.categoryName].some((n) =>
      normalizeForSearch(n).includes(needle),
    );
    const matchedVariant = nameMatches
      ? null
      : (p.variants.find((v) => normalizeForSearch(v.name).includes(needle))?.name ?? null);
    return [{ ...p.card, matchedVariant }];
  });
  return { query: q.q, items, total, page: q.page, pageCount: pageCount(total, q.limit) };
}
