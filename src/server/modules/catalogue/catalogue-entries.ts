import type { CategoryGroup } from '#shared/catalogue/catalogue.constants.ts';
import type { Image, ProductCard } from '#shared/catalogue/catalogue.schemas.ts';
import type { products, variants } from './catalogue.table.ts';

/**
 * The read model's entries (catalogue-read-model.ts): a category, a brand and a product as held in
 * memory, each with its JSON made once. Their own file, so the parts that build a product's page
 * from an entry need not import the read model that calls them.
 */
export interface CategoryEntry {
  dbId: number;
  slug: string;
  name: string;
  group: CategoryGroup | null;
  brands: BrandEntry[];
  products: ProductEntry[];
}

export interface BrandEntry {
  dbId: number;
  slug: string;
  name: string;
  category: CategoryEntry;
  logo: Image | null;
  products: ProductEntry[];
  json: string;
}

export interface ProductEntry {
  dbId: number;
  slug: string;
  brand: BrandEntry;
  card: ProductCard;
  cardJson: string;
  createdAt: number;
  row: typeof products.$inferSelect;
  variants: (typeof variants.$inferSelect)[];
}

export interface Scope {
  title: string;
  categoryId: string;
  brandId: string | null;
  /** Every product of the scope, in listing order. */
  products: ProductEntry[];
  /** The brands a "Brands You may Like" pick draws from. */
  brandPool: BrandEntry[];
}
