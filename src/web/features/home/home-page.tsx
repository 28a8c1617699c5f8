import { Link } from 'react-router';
import type { Banner } from '#shared/catalogue/catalogue.schemas.ts';
import { Carousel } from '#web/components/ui/carousel.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useBanners } from './api/get-home.ts';
import { NewArrivals } from './components/new-arrivals.tsx';
import { Promises } from './components/promises.tsx';

function BannerImage({
  banner,
  eager = false,
  className = '',
}: {
  banner: Banner;
  eager?: boolean;
  className?: string;
}) {
  return (
    <Link to={banner.href} className={`block overflow-hidden rounded-xl ${className}`}>
      <img
        src={banner.image.url}
        srcSet={banner.image.srcSet}
        alt={banner.image.alt}
        width={banner.image.width}
        height={banner.image.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className="size-full object-cover"
      />
    </Link>
  );
}

export function HomePage() {
  const { data: banners, isError } = useBanners();
  const store = useStoreInfo();
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-3 py-4 sm:px-4 sm:py-6">
      <title>{`${store.data?.storeName ?? 'Smokestack Wholesale'} · Wholesale vape and smoke shop supply`}</title>
      <h1 className="sr-only">
        {store.data?.storeName ?? 'Smokestack Wholesale'}: wholesale vapes, smoke shop supplies and more
      </h1>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_240px]">
        <div>
          {banners ? (
            <Carousel
              label="Featured offers"
              autoplayMs={5000}
              dots
              slides={banners.main.map((b, i) => (
                <BannerImage key={b.id} banner={b} eager={i === 0} className="aspect-[8/3]" />
              ))}
            />
          ) : (
            <div className="aspect-[8/3] animate-pulse rounded-xl bg-gray-200" />
          )}
        </div>
        <div className="mx-auto aspect-[3/5] w-3/5 max-w-72 rounded-xl bg-gray-200 lg:mx-0 lg:aspect-auto lg:h-full lg:max-h-[calc((min(100vw,80rem)-2rem-256px)*3/8)] lg:w-auto lg:max-w-none">
          {banners && (
            <Carousel
              label="Shop by department"
              axis="y"
              dots
              autoplayMs={6000}
              viewportClass="h-full"
              className="h-full"
              slideClass="basis-full h-full"
              slides={banners.vertical.map((b) => <BannerImage key={b.id} banner={b} className="h-full" />)}
            />
          )}
        </div>
      </div>

      {isError && (
        <p role="alert" className="text-center text-gray-700">
          We could not load the offers. Please refresh the page.
        </p>
      )}

      <section aria-labelledby="brands-title">
        <h2 id="brands-title" className="mb-3 text-xl font-extrabold tracking-tight sm:text-2xl">
          Top brands
        </h2>
        <ul className="-mx-3 flex gap-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:px-0">
          {banners?.brand_tile.map((b) => (
            <li key={b.id} className="w-44 shrink-0 sm:w-auto">
              <BannerImage banner={b} className="aspect-[3/2] shadow-sm" />
            </li>
          )) ??
            ['a', 'b', 'c', 'd', 'e'].map((placeholder) => (
              <li
                key={placeholder}
                className="aspect-[3/2] w-44 shrink-0 animate-pulse rounded-xl bg-gray-200 sm:w-auto"
              />
            ))}
        </ul>
      </section>

      <section aria-labelledby="deals-title">
        <h2 id="deals-title" className="mb-3 text-xl font-extrabold tracking-tight sm:text-2xl">
          Brand deals
        </h2>
        <div className="min-h-24 rounded-xl">
          {banners && (
            <Carousel
              label="Brand deals"
              autoplayMs={4000}
              slideClass="basis-full pr-3 sm2:basis-1/2 lg:basis-1/3"
              slides={banners.second.map((b) => (
                <BannerImage key={b.id} banner={b} className="aspect-[3/1]" />
              ))}
            />
          )}
        </div>
      </section>

      <section aria-label="Promotions">
        <ul className="grid gap-3 sm2:grid-cols-2 lg:grid-cols-4">
          {banners?.promo.map((b) => (
            <li key={b.id}>
              <BannerImage banner={b} className="aspect-[2/1] shadow-sm" />
            </li>
          ))}
        </ul>
      </section>

      <NewArrivals />
      <Promises />
    </div>
  );
}
