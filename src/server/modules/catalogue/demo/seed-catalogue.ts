/**
 * Writes the demo catalogue into an empty database: artwork into the media store, then
 * categories, brands, products, variants and banners in one transaction.
 */

import type { Db } from '#server/db/client.ts';
import {
  banners,
  brands,
  categories,
  products,
  variants,
} from '#server/modules/catalogue/catalogue.table.ts';
import type { MediaStore } from '#server/storage/media-store.ts';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import { buildSearchKey } from '#shared/catalogue/search-key.ts';
import { ComplianceAttributesSchema } from '#shared/compliance/attributes.ts';
import { type CatalogueSize, generateBanners, generateCatalogue } from './demo-catalogue.ts';
import { demoCompliance } from './demo-compliance.ts';
import { bannerSvg, logoSvg, productSvg, shade, slotTypeSizes } from './svg-art.ts';

export interface SeedOptions {
  size: CatalogueSize;
  media: MediaStore;
  sellerName: string;
  /** Progress lines for the command line; silent by default. */
  log?: (line: string) => void;
}

export interface SeedSummary {
  categories: number;
  brands: number;
  products: number;
  variants: number;
  banners: number;
}

const ACCENTS = ['#f59e0b', '#10b981', '#ef4444', '#3b82f6', '#ec4899', '#a3e635', '#f97316', '#22d3ee'];

type Catalogue = ReturnType<typeof generateCatalogue>;
type Draw = (
  folder: string,
  base: string,
  svg: string,
  width: number,
  height: number,
  alt: string,
) => Promise<Image>;

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedCatalogue(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const log = opts.log ?? (() => {});
  const catalogue = generateCatalogue(opts.size, 2026, opts.sellerName);
  const large = opts.size === 'large';
  const draw: Draw = async (folder, base, svg, width, height, alt) => ({
    url: await opts.media.putHashed(folder, base, 'svg', svg),
    alt,
    width,
    height,
  });

  log(`Drawing artwork for ${catalogue.products.length} products…`);
  const logos = new Map<string, Image>();
  for (const b of catalogue.brands) {
    logos.set(b.key, await draw('brands', b.slug, logoSvg(b.name, b.colour), 400, 240, `${b.name} logo`));
  }

  const art = await drawProductArt(catalogue, draw, large);
  const bannerRows = await drawBanners(catalogue, draw);

  log('Writing the catalogue to the database…');
  await writeCatalogue(db, catalogue, { logos, ...art, bannerRows, large });
  const variantCount = catalogue.products.reduce((n, p) => n + p.variants.length, 0);
  return {
    categories: catalogue.categories.length,
    brands: catalogue.brands.length,
    products: catalogue.products.length,
    variants: variantCount,
    banners: bannerRows.length,
  };
}

/** Each product's pictures (three views, a specification card; one view in the large catalogue). */
async function drawProductArt(catalogue: Catalogue, img: Draw, large: boolean) {
  const catBySlug = new Map(catalogue.categories.map((c) => [c.slug, c]));
  const productImages: Image[][] = [];
  const specImages: Image[][] = [];
  const variantImages: Image[][] = [];
  for (const [i, p] of catalogue.products.entries()) {
    const cat = catBySlug.get(p.categorySlug)!;
    const brand = p.brandKey.split('/')[1]!;
    const accent = ACCENTS[i % ACCENTS.length]!;
    const views = large ? 1 : 3;
    const imgs: Image[] = [];
    for (let v = 0; v < views; v++) {
      const svg = productSvg({
        title: p.name,
        subtitle: cat.name,
        colour: cat.colour,
        accent,
        shape: cat.shape,
        view: v,
      });
      imgs.push(
        await img(`products/${cat.slug}`, `${p.slug}-${v + 1}`, svg, 800, 800, `${p.name}, view ${v + 1}`),
      );
    }
    imgs[0]!.alt = p.name;
    productImages.push(imgs);
    specImages.push(
      large
        ? []
        : [
            await img(
              `products/${cat.slug}`,
              `${p.slug}-spec`,
              bannerSvg({
                width: 800,
                height: 450,
                headline: p.specifications[0]?.details ?? p.name,
                sub: `${brand.replace(/-/g, ' ').toUpperCase()} · ${p.specifications[1]?.details ?? ''}`,
                colour: shade(cat.colour, -0.1),
                accent,
                shape: cat.shape,
              }),
              800,
              450,
              `${p.name} specifications`,
            ),
          ],
    );
    const vImgs: Image[] = [];
    for (const [vi, v] of p.variants.entries()) {
      if (large) {
        vImgs.push({ ...imgs[0]!, alt: `${p.name}, ${v.name}` });
        continue;
      }
      const svg = productSvg({
        title: v.name,
        subtitle: p.name,
        colour: cat.colour,
        accent: ACCENTS[(i + vi + 1) % ACCENTS.length]!,
        shape: cat.shape,
        view: vi % 3,
      });
      vImgs.push(
        await img(`variants/${cat.slug}`, `${p.slug}-${vi + 1}`, svg, 800, 800, `${p.name}, ${v.name}`),
      );
    }
    variantImages.push(vImgs);
  }

  return { productImages, specImages, variantImages };
}

/** The home banners' artwork, slot by slot, in order. */
async function drawBanners(catalogue: Catalogue, img: Draw) {
  const catBySlug = new Map(catalogue.categories.map((c) => [c.slug, c]));
  const bannerSpecs = generateBanners(catalogue);
  const bannerSizes = {
    main: [1600, 600],
    second: [1200, 400],
    vertical: [480, 800],
    promo: [800, 400],
    brand_tile: [600, 400],
  } as const;
  const bannerRows: (typeof banners.$inferInsert)[] = [];
  const slotPositions = new Map<string, number>();
  // The banners of one slot (a row of brand tiles, the hero) share one type size.
  const slotType = slotTypeSizes(
    bannerSpecs.map((b) => ({ ...b, width: bannerSizes[b.slot][0], height: bannerSizes[b.slot][1] })),
  );
  for (const b of bannerSpecs) {
    const cat = catBySlug.get(b.categorySlug) ?? catalogue.categories[0]!;
    const [w, h] = bannerSizes[b.slot];
    const position = slotPositions.get(b.slot) ?? 0;
    slotPositions.set(b.slot, position + 1);
    const accent = ACCENTS[position % ACCENTS.length]!;
    const image = await img(
      'banners',
      `${b.slot}-${position + 1}`,
      bannerSvg({
        width: w,
        height: h,
        headline: b.headline,
        sub: b.sub,
        colour: cat.colour,
        accent,
        shape: cat.shape,
        ...slotType.get(b.slot),
      }),
      w,
      h,
      `${b.headline}: ${b.sub}`,
    );
    bannerRows.push({ slot: b.slot, position, title: b.headline, href: b.href, image });
  }

  return bannerRows;
}

interface Artwork {
  logos: Map<string, Image>;
  productImages: Image[][];
  specImages: Image[][];
  variantImages: Image[][];
  bannerRows: (typeof banners.$inferInsert)[];
  large: boolean;
}

/** Categories, brands, products, variants and banners in one transaction. */
async function writeCatalogue(db: Db, catalogue: Catalogue, art: Artwork) {
  const { logos, productImages, specImages, variantImages, bannerRows, large } = art;
  const compliance = catalogue.products.map(demoCompliance);
  await db.transaction(async (tx) => {
    const catRows = await tx
      .insert(categories)
      .values(
        catalogue.categories.map((c) => ({
          slug: c.slug,
          name: c.name,
          group: c.group,
          position: c.position,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug, name: categories.name });
    const catId = new Map(catRows.map((c) => [c.slug, c]));
    const brandRows = await tx
      .insert(brands)
      .values(
        catalogue.brands.map((b) => ({
          categoryId: catId.get(b.categorySlug)!.id,
          slug: b.slug,
          name: b.name,
          logo: logos.get(b.key)!,
          position: b.position,
        })),
      )
      .returning({ id: brands.id });
    const brandId = new Map(catalogue.brands.map((b, i) => [b.key, brandRows[i]!.id]));
    const brandName = new Map(catalogue.brands.map((b) => [b.key, b.name]));

    const productIds: number[] = [];
    await chunked(
      catalogue.products.map((p, i) => ({ p, i })),
      large ? 2000 : 500,
      async (chunk) => {
        const rows = await tx
          .insert(products)
          .values(
            chunk.map(({ p, i }) => ({
              brandId: brandId.get(p.brandKey)!,
              slug: p.slug,
              name: p.name,
              description: p.description,
              productCode: p.productCode,
              sku: p.sku,
              rating: p.rating,
              priceCents: p.priceCents,
              discountPriceCents: p.discountPriceCents,
              discountPercentage: p.discountPercentage,
              sellingUnit: p.sellingUnit,
              delivery: p.delivery,
              highlights: p.highlights,
              importantNotice: p.importantNotice,
              seller: p.seller,
              specifications: p.specifications,
              specImages: specImages[i]!,
              compliance: ComplianceAttributesSchema.parse(compliance[i]!.product),
              images: productImages[i]!,
              isNew: p.isNew,
              isHot: p.isHot,
              searchKey: buildSearchKey([
                p.name,
                brandName.get(p.brandKey)!,
                catId.get(p.categorySlug)!.name,
                ...p.variants.map((v) => v.name),
              ]),
              createdAt: p.createdAt,
              updatedAt: p.createdAt,
            })),
          )
          .returning({ id: products.id });
        productIds.push(...rows.map((r) => r.id));
      },
    );
    const variantRows = catalogue.products.flatMap((p, i) =>
      p.variants.map((v, vi) => ({
        productId: productIds[i]!,
        compliance: compliance[i]!.variants[vi]!,
        name: v.name,
        sku: v.sku,
        image: variantImages[i]![vi]!,
        stock: v.stock,
        position: v.position,
      })),
    );
    await chunked(variantRows, large ? 4000 : 1000, (chunk) => tx.insert(variants).values(chunk));
    await tx.insert(banners).values(bannerRows);
  });
}
