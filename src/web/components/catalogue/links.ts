/** The spec's URLs (SPEC §2), built in one place. */
export function productHref(p: { categoryId: string; brandId: string; id: string }): string {
  const qs = new URLSearchParams({ categoryId: p.categoryId, brandId: p.brandId, subBrandId: p.id });
  return `/product?${qs}`;
}

export function categoryHref(categoryId: string, brandId?: string | null): string {
  const qs = new URLSearchParams({ categoryId });
  if (brandId) qs.set('brandId', brandId);
  return `/categories?${qs}`;
}
