import { count } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { categories } from '#server/modules/catalogue/catalogue.table.ts';
import type { MediaStore } from '#server/storage/media-store.ts';
import type { CatalogueSize } from './demo-catalogue.ts';
import { type SeedSummary, seedCatalogue } from './seed-catalogue.ts';

export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

export async function seedIfEmpty(
  db: Db,
  opts: { size: CatalogueSize; media: MediaStore; sellerName: string; log?: (line: string) => void },
): Promise<SeedSummary | null> {
  if (!(await catalogueIsEmpty(db))) return null;
  return seedCatalogue(db, opts);
}
