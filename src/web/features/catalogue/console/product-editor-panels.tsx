import { useQuery } from '@tanstack/react-query';
import { Controller, type Path, useFieldArray } from 'react-hook-form';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import {
  CANNABINOID_LABELS,
  CANNABINOIDS,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
} from '#shared/compliance/compliance.constants.ts';
import { Field } from '#web/components/ui/form.tsx';
import { Button, Checkbox, Panel, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { ImageList } from '#web/features/catalogue/console/image-picker.tsx';
import type { ProductEditorValues, ProductForm } from '#web/features/catalogue/console/product-form-state.ts';
import { catalogueTreeQuery } from '#web/features/catalogue/console/queries.ts';

/** Name, brand, SKU, code, slug, rating and description. */
export function ProductPanel({ form }: { form: ProductForm }) {
  const tree = useQuery(catalogueTreeQuery());
  return (
    <Panel title="Product">
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Name" {...form.field('product.name')} />
        <Select label="Brand" {...form.field('product.brandId')}>
          <option value="">Choose…</option>
          {tree.data?.categories.map((c) => (
            <optgroup key={c.id} label={c.name}>
              {c.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <Field label="SKU" {...form.field('product.sku')} />
        <Field label="Product code" {...form.field('product.productCode')} />
        <Field
          label="Web address (slug)"
          hint="Left empty, it is made from the name. Changing it changes the product's link."
          {...form.field('product.slug')}
        />
        <Field
          label="Rating (0–5)"
          type="number"
          min={0}
          max={5}
          step={0.1}
          {...form.field('product.rating')}
        />
      </div>
      <div className="mt-3">
        <TextArea label="Description" rows={4} {...form.field('product.description')} />
      </div>
    </Panel>
  );
}

function CheckboxField({
  form,
  name,
  label,
}: {
  form: ProductForm;
  name: Path<ProductEditorValues>;
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox label={label} checked={field.value === true} onChange={field.onChange} />
      )}
    />
  );
}

/** Price, discount, and the New / Hot / Hidden flags. */
export function PricePanel({ form }: { form: ProductForm }) {
  return (
    <Panel title="Price">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Price ($)" inputMode="decimal" {...form.field('product.priceCents')} />
        <Field
          label="Selling unit"
          autoComplete="off"
          placeholder="box of 10"
          hint="What one price buys, shown beside every price: “box of 10”, “each”, “display of 24”."
          {...form.field('product.sellingUnit')}
        />
        <Field label="Discount price ($)" inputMode="decimal" {...form.field('product.discountPriceCents')} />
        <Field
          label="Discount percentage"
          inputMode="decimal"
          hint="The discount price applies only with a percentage too."
          {...form.field('product.discountPercentage')}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-4">
        <CheckboxField form={form} name="product.isNew" label="New" />
        <CheckboxField form={form} name="product.isHot" label="Hot" />
        <CheckboxField form={form} name="product.hidden" label="Hidden from the store" />
      </div>
    </Panel>
  );
}

/** Delivery, seller, highlights, notice and the specification rows. */
export function DetailsPanel({ form }: { form: ProductForm }) {
  const specs = useFieldArray({ control: form.control, name: 'product.specifications' });
  return (
    <Panel title="Details">
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Delivery" {...form.field('product.delivery')} />
        <Field label="Seller" {...form.field('product.seller')} />
        <TextArea label="Highlights" hint="One per line." rows={4} {...form.field('product.highlights')} />
        <TextArea label="Important notice" rows={4} {...form.field('product.importantNotice')} />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">Specifications</legend>
        <ul className="mt-2 space-y-2">
          {specs.fields.map((row, i) => (
            <li key={row.id} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
              <Field
                label={`Specification ${i + 1} title`}
                {...form.field(`product.specifications.${i}.title`)}
              />
              <Field
                label={`Specification ${i + 1} details`}
                {...form.field(`product.specifications.${i}.details`)}
              />
              <Button tone="danger" onClick={() => specs.remove(i)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Button tone="secondary" className="mt-2" onClick={() => specs.append({ title: '', details: '' })}>
          Add specification
        </Button>
      </fieldset>
    </Panel>
  );
}

function ImagesField({
  form,
  name,
  label,
}: {
  form: ProductForm;
  name: Path<ProductEditorValues>;
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <ImageList label={label} images={field.value as Image[]} onChange={field.onChange} />
      )}
    />
  );
}

export function PicturesPanel({ form }: { form: ProductForm }) {
  return (
    <Panel title="Pictures">
      <div className="space-y-4">
        <ImagesField form={form} name="product.images" label="Product pictures (the first is the main one)" />
        <ImagesField form={form} name="product.specImages" label="Specification pictures" />
      </div>
    </Panel>
  );
}

/** A new product's first option: a product is never without one. */
export function FirstOptionPanel({ form }: { form: ProductForm }) {
  return (
    <Panel title="First option">
      <p className="mb-2 text-sm text-gray-700">
        A product needs at least one option (flavour, colour or size); add more after saving.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Option name" {...form.field('variants.0.name')} />
        <Field label="Option SKU" {...form.field('variants.0.sku')} />
        <Field label="Stock" type="number" min={0} {...form.field('variants.0.stock')} />
      </div>
    </Panel>
  );
}

/** What the state rules and the excise read: the kind of product and its figures. */
export function CompliancePanel({ form }: { form: ProductForm }) {
  return (
    <Panel title="Compliance (state rules and excise)">
      <p className="mb-3 text-sm text-gray-700">
        Leave a figure empty when it is unknown: rules that test it count it as over the limit, and an excise
        that needs it refuses the order until it is filled in.
      </p>
      <div className="grid gap-3 md:grid-cols-3">
        <Select label="Kind" {...form.field('product.compliance.kind')}>
          {PRODUCT_KINDS.map((k) => (
            <option key={k} value={k}>
              {PRODUCT_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <Field
          label="Nicotine (mg/ml)"
          inputMode="decimal"
          {...form.field('product.compliance.nicotineMgPerMl')}
        />
        <Field
          label="E-liquid per unit (ml)"
          inputMode="decimal"
          {...form.field('product.compliance.liquidMlPerUnit')}
        />
        <Field
          label="Cartridges per unit"
          inputMode="numeric"
          {...form.field('product.compliance.cartridgesPerUnit')}
        />
        <Select label="Cannabinoid" {...form.field('product.compliance.cannabinoid')}>
          <option value="">None</option>
          {CANNABINOIDS.map((c) => (
            <option key={c} value={c}>
              {CANNABINOID_LABELS[c]}
            </option>
          ))}
        </Select>
        <Field
          label="Total THC per container (mg)"
          inputMode="decimal"
          {...form.field('product.compliance.thcMgPerContainer')}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-4">
        <CheckboxField
          form={form}
          name="product.compliance.flavoured"
          label="Flavoured (not tobacco, menthol or unflavoured)"
        />
        <CheckboxField
          form={form}
          name="product.compliance.synthesised"
          label="Synthesised or converted cannabinoids"
        />
      </div>
    </Panel>
  );
}
