import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';

/** SPEC §2 Product page: an image carousel with thumbnails; out-of-stock products get a watermark. */
export function ImageGallery({ images, outOfStock }: { images: Image[]; outOfStock: boolean }) {
  const [viewportRef, api] = useEmblaCarousel({ loop: false });
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  return (
    <section aria-roledescription="carousel" aria-label="Product images">
      <div className="relative overflow-hidden rounded-xl bg-gray-100 ring-1 ring-gray-200">
        <div ref={viewportRef} className="overflow-hidden">
          <div className="flex">
            {images.map((img, i) => (
              <div
                key={img.url}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${images.length}`}
                className="min-w-0 shrink-0 grow-0 basis-full"
              >
                <img
                  src={img.url}
                  srcSet={img.srcSet}
                  sizes={img.srcSet ? '(min-width: 1024px) 40vw, 100vw' : undefined}
                  alt={img.alt}
                  width={img.width}
                  height={img.height}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  className={`aspect-square h-auto w-full object-cover ${outOfStock ? 'grayscale' : ''}`}
                />
              </div>
            ))}
          </div>
        </div>
        {outOfStock && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden>
            <span className="-rotate-12 rounded-lg border-4 border-red-700 bg-white/80 px-6 py-2 text-3xl font-black uppercase tracking-widest text-red-700 sm:text-4xl">
              Out of stock
            </span>
          </div>
        )}
      </div>
      {images.length > 1 && (
        <div className="mt-3 flex gap-2 overflow-x-auto" role="group" aria-label="Thumbnails">
          {images.map((img, i) => (
            <button
              key={img.url}
              type="button"
              onClick={() => api?.scrollTo(i)}
              aria-label={`Show image ${i + 1}`}
              aria-pressed={selected === i}
              className={`shrink-0 overflow-hidden rounded-lg ring-2 ${selected === i ? 'ring-gray-900' : 'ring-transparent hover:ring-gray-300'}`}
            >
              <img
                src={img.url}
                srcSet={img.srcSet}
                sizes={img.srcSet ? '72px' : undefined}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                className="size-16 object-cover sm:size-18"
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
