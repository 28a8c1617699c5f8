import type { ProductDetail } from '#shared/catalogue/catalogue.schemas.ts';
import type { ProductEntry } from './catalogue-entries.ts';

/** The product page's answer and an option's case pack, as the read model builds them. */

/** An option's case pack, as the storefront and the cart's rule read it. */
export function quantityRuleOf(v: {
  minQuantity: number;
  orderIncrement: number;
  maxQuantity: number | null;
}) {
  return { minQuantity: v.minQuantity, increment: v.orderIncrement, maxQuantity: v.maxQuantity };
}

export function productDetail(p: ProductEntry): ProductDetail {
  const r = p.row;
  return {
    ...p.card,
    categoryGroup: p.brand.category.group,
    description: r.description,
    productCode: r.productCode,
    sku: r.sku,
    rating: r.rating,
    delivery: r.delivery,
    highlights: r.highlights,
    importantNotice: r.importantNotice,
    seller: r.seller,
    specifications: r.specifications,
    specImages: r.specImages,
    images: r.images.length ? r.images : [p.card.image],
    variants: p.variants.map((v) => ({
      id: v.sku,
      name: v.name,
      sku: v.sku,
      image: v.image,
      stock: v.stock,
      inStock: v.stock > 0,
      quantityRule: quantityRuleOf(v),
    })),
  };
}
