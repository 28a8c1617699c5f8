import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import type { AdminProduct, ProductBody } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { centsToAmount, parseAmount } from '#shared/money.ts';

/** A price field: empty → null; not an amount → NaN (the form says so). */
const amountField = (text: string) => (text.trim() === '' ? null : (parseAmount(text) ?? Number.NaN));

export interface FormState {
  brandId: string;
  name: string;
  slug: string;
  sku: string;
  productCode: string;
  description: string;
  price: string;
  discountPrice: string;
  discountPercentage: string;
  rating: string;
  delivery: string;
  highlights: string;
  importantNotice: string;
  seller: string;
  specifications: { title: string; details: string }[];
  images: Image[];
  specImages: Image[];
  isNew: boolean;
  isHot: boolean;
  hidden: boolean;
}

export function formOf(p: AdminProduct | null): FormState {
  return {
    brandId: p ? String(p.brandId) : '',
    name: p?.name ?? '',
    slug: p?.slug ?? '',
    sku: p?.sku ?? '',
    productCode: p?.productCode ?? '',
    description: p?.description ?? '',
    price: centsToAmount(p?.priceCents ?? null),
    discountPrice: centsToAmount(p?.discountPriceCents ?? null),
    discountPercentage: p?.discountPercentage == null ? '' : String(p.discountPercentage),
    rating: String(p?.rating ?? 5),
    delivery: p?.delivery ?? '',
    highlights: (p?.highlights ?? []).join('\n'),
    importantNotice: p?.importantNotice ?? '',
    seller: p?.seller ?? '',
    specifications: p?.specifications ?? [],
    images: p?.images ?? [],
    specImages: p?.specImages ?? [],
    isNew: p?.isNew ?? false,
    isHot: p?.isHot ?? false,
    hidden: p?.hidden ?? false,
  };
}

/** The form's values as the API's body, or the message to show. */
export function bodyOf(f: FormState): ProductBody | string {
  const priceCents = amountField(f.price);
  const discountPriceCents = amountField(f.discountPrice);
  if (priceCents === null || Number.isNaN(priceCents)) return 'Enter the price as an amount like 12.50.';
  if (Number.isNaN(discountPriceCents))
    return 'Enter the discount price as an amount like 9.99, or leave it empty.';
  const pct = f.discountPercentage.trim() === '' ? null : Number(f.discountPercentage);
  if (pct !== null && (Number.isNaN(pct) || pct < 0 || pct > 100))
    return 'The discount percentage is a number from 0 to 100.';
  if (!f.brandId) return 'Choose a brand.';
  return {
    brandId: Number(f.brandId),
    name: f.name,
    ...(f.slug ? { slug: f.slug } : {}),
    sku: f.sku,
    productCode: f.productCode,
    description: f.description,
    priceCents,
    discountPriceCents,
    discountPercentage: pct,
    rating: Number(f.rating) || 0,
    delivery: f.delivery,
    highlights: f.highlights
      .split('\n')
      .map((h) => h.trim())
      .filter(Boolean),
    importantNotice: f.importantNotice,
    seller: f.seller,
    specifications: f.specifications.filter((s) => s.title.trim()),
    images: f.images,
    specImages: f.specImages,
    isNew: f.isNew,
    isHot: f.isHot,
    hidden: f.hidden,
  };
}
