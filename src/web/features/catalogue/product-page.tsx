import { Star } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { ProductDetail, ProductQuery } from '#shared/catalogue/catalogue.schemas.ts';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { Price } from '#web/components/catalogue/price.tsx';
import { ProductCard } from '#web/components/catalogue/product-card.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useCardVerdicts } from '#web/lib/my-state.ts';
import { useProduct, useRelatedProducts } from './api/get-product.ts';
import { DeliveryCheck } from './components/delivery-check.tsx';
import { ImageGallery } from './components/image-gallery.tsx';
import { VariantPicker } from './components/variant-picker.tsx';

/** /product?categoryId=&brandId=&subBrandId= — all three are required (SPEC §2). */
export function ProductPage() {
  const [params] = useSearchParams();
  const categoryId = params.get('categoryId');
  const brandId = params.get('brandId');
  const subBrandId = params.get('subBrandId');
  if (!categoryId || !brandId || !subBrandId) return <ErrorPage kind="not-found" />;
  return (
    <ProductView key={`${categoryId}/${brandId}/${subBrandId}`} query={{ categoryId, brandId, subBrandId }} />
  );
}

function Rating({ value }: { value: number }) {
  const rounded = Math.round(value);
  return (
    <p className="flex items-center gap-1" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`size-4 ${n <= rounded ? 'fill-amber-400 text-amber-500' : 'text-gray-300'}`}
          aria-hidden
        />
      ))}
      <span className="ml-1 text-sm text-gray-700" aria-hidden>
        {value.toFixed(1)}
      </span>
    </p>
  );
}

function ProductView({ query }: { query: ProductQuery }) {
  const { data: p, isPending, isError, error } = useProduct(query);
  if (isPending) return <PageSpinner />;
  if (isError)
    return (
      <ErrorPage
        kind={
          (error as { status?: number }).status === 404 || (error as { status?: number }).status === 400
            ? 'not-found'
            : 'error'
        }
      />
    );
  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-4">
      <PageTitle>{`${p.name}`}</PageTitle>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={categoryHref(p.categoryId)} className="hover:underline">
              {p.categoryName}
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={categoryHref(p.categoryId, p.brandId)} className="hover:underline">
              {p.brandName}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="font-medium text-gray-900">
            {p.name}
          </li>
        </ol>
      </nav>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <ImageGallery images={p.images} outOfStock={!p.inStock} />
        <div>
          <p className="text-sm text-gray-700">
            Product ID: <span className="font-mono font-semibold text-gray-900">{p.productCode}</span>
          </p>
          <p className={`mt-1 text-sm font-bold ${p.inStock ? 'text-green-800' : 'text-red-700'}`}>
            {p.inStock ? 'In stock' : 'Out of stock'}
          </p>
          <h1 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{p.name}</h1>
          <p className="mt-1 text-sm">
            by{' '}
            <Link
              to={categoryHref(p.categoryId, p.brandId)}
              className="font-semibold text-blue-800 hover:underline"
            >
              {p.brandName}
            </Link>
          </p>
          <div className="mt-2">
            <Rating value={p.rating} />
          </div>
          <div className="mt-4">
            <Price price={p} size="lg" yourPrice={p.yourPrice} sellingUnit={p.sellingUnit} />
          </div>
          <VariantPicker product={p} />
          <DeliveryCheck query={query} />
        </div>
      </div>

      <ProductDetails p={p} />
      <RelatedProducts query={query} />
    </div>
  );
}

function ProductDetails({ p }: { p: ProductDetail }) {
  return (
    <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-2">
      <div className="space-y-6">
        {p.highlights.length > 0 && (
          <section aria-labelledby="highlights">
            <h2 id="highlights" className="text-lg font-bold">
              Highlights
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-800">
              {p.highlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </section>
        )}
        {p.importantNotice && (
          <section
            aria-labelledby="notice"
            className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4"
          >
            <h2 id="notice" className="font-bold">
              Important note
            </h2>
            <p className="mt-1 text-sm text-gray-800">{p.importantNotice}</p>
          </section>
        )}
        <section aria-labelledby="seller">
          <h2 id="seller" className="text-lg font-bold">
            Seller
          </h2>
          <p className="mt-1 text-gray-800">{p.seller}</p>
          {p.delivery && <p className="mt-1 text-sm text-gray-700">{p.delivery}</p>}
        </section>
        <section aria-labelledby="description">
          <h2 id="description" className="text-lg font-bold">
            Description
          </h2>
          <p className="mt-2 leading-7 text-gray-800">{p.description}</p>
        </section>
      </div>
      <div className="space-y-6">
        {p.specifications.length > 0 && (
          <section aria-labelledby="specs">
            <h2 id="specs" className="text-lg font-bold">
              Specifications
            </h2>
            <table className="mt-2 w-full overflow-hidden rounded-lg text-sm ring-1 ring-gray-200">
              <tbody>
                {p.specifications.map((s) => (
                  <tr key={s.title} className="odd:bg-white even:bg-gray-50">
                    <th scope="row" className="w-2/5 px-3 py-2 text-left font-semibold text-gray-900">
                      {s.title}
                    </th>
                    <td className="px-3 py-2 text-gray-800">{s.details}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {p.specImages.map((img) => (
          <img
            key={img.url}
            src={img.url}
            alt={img.alt}
            width={img.width}
            height={img.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-lg"
          />
        ))}
      </div>
    </div>
  );
}

function RelatedProducts({ query }: { query: ProductQuery }) {
  const { data } = useRelatedProducts(query);
  const verdictOf = useCardVerdicts(data?.items ?? []);
  if (!data?.items.length) return null;
  return (
    <section aria-labelledby="related" className="mt-12">
      <h2 id="related" className="mb-4 text-xl font-extrabold tracking-tight">
        You may also like
      </h2>
      <ul className="-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-3 sm:mx-0 sm:px-0">
        {data.items.map((item) => (
          <li key={`${item.brandId}/${item.id}`} className="flex w-40 shrink-0 snap-start sm:w-52">
            <ProductCard product={item} verdict={verdictOf(item)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
