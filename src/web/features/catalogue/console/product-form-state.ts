import type { z } from 'zod';
import { ProductEditorFormSchema } from '#shared/catalogue/catalogue-forms.ts';
import type { AdminProduct } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { type ComplianceAttributes, DEFAULT_ATTRIBUTES } from '#shared/compliance/attributes.ts';
import { centsToAmount } from '#shared/money.ts';
import { useZodForm } from '#web/components/ui/form.tsx';

export type ProductEditorValues = z.input<typeof ProductEditorFormSchema>;

/** What the editor starts with: the product's fields as text, or an empty product and option. */
export function productFormValues(p: AdminProduct | null): ProductEditorValues {
  return {
    product: {
      brandId: p ? String(p.brandId) : '',
      name: p?.name ?? '',
      slug: p?.slug ?? '',
      sku: p?.sku ?? '',
      productCode: p?.productCode ?? '',
      description: p?.description ?? '',
      priceCents: centsToAmount(p?.priceCents ?? null),
      sellingUnit: p?.sellingUnit ?? '',
      discountPriceCents: centsToAmount(p?.discountPriceCents ?? null),
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
      compliance: complianceFormValues(p?.compliance ?? DEFAULT_ATTRIBUTES),
    },
    ...(p
      ? {}
      : {
          variants: [
            { name: '', sku: '', stock: '0', minQuantity: '1', orderIncrement: '1', maxQuantity: '' },
          ],
        }),
  };
}

/** The editor's form, checked by the shared product schema. */
export const useProductEditorForm = (product: AdminProduct | null) =>
  useZodForm(ProductEditorFormSchema, { defaultValues: productFormValues(product) });
export type ProductForm = ReturnType<typeof useProductEditorForm>;

const figure = (n: number | null) => (n === null ? '' : String(n));

function complianceFormValues(c: ComplianceAttributes): ProductEditorValues['product']['compliance'] {
  return {
    kind: c.kind,
    flavoured: c.flavoured,
    nicotineMgPerMl: figure(c.nicotineMgPerMl),
    liquidMlPerUnit: figure(c.liquidMlPerUnit),
    cartridgesPerUnit: figure(c.cartridgesPerUnit),
    cannabinoid: c.cannabinoid ?? '',
    thcMgPerContainer: figure(c.thcMgPerContainer),
    synthesised: c.synthesised,
  };
}
