import useEmblaCarousel from 'embla-carousel-react';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  /** Tailwind classes giving each slide its width (or height for vertical). */
  slideClass?: string;
  axis?: 'x' | 'y';
  autoplayMs?: number;
  dots?: boolean;
  className?: string;
  viewportClass?: string;
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** An accessible carousel (WAI-ARIA carousel pattern) on Embla: buttons, dots, pause on hover/focus. */
export function Carousel({
  label,
  slides,
  slideClass = 'basis-full',
  axis = 'x',
  autoplayMs,
  dots = false,
  className = '',
  viewportClass = '',
}: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, axis, align: 'start' });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onInit = () => setSnaps(api.scrollSnapList());
    onInit();
    onSelect();
    api.on('select', onSelect).on('reInit', onInit).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onInit);
    };
  }, [api]);

  useEffect(() => {
    if (!api || !autoplayMs || paused || prefersReducedMotion()) return;
    const t = setInterval(() => api.scrollNext(), autoplayMs);
    return () => clearInterval(t);
  }, [api, autoplayMs, paused]);

  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  const vertical = axis === 'y';
  const btn =
    'absolute z-10 hidden size-9 items-center sm2:flex justify-center rounded-full bg-white/90 text-gray-900 shadow ring-1 ring-black/10 hover:bg-white';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
    >
      <div ref={viewportRef} className={`overflow-hidden ${viewportClass}`}>
        <div className={`flex ${vertical ? 'h-full flex-col' : ''}`}>
          {slides.map((slide, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 ${slideClass}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        onClick={prev}
        aria-label="Previous slide"
        className={`${btn} ${vertical ? 'left-1/2 top-2 -translate-x-1/2' : 'left-2 top-1/2 -translate-y-1/2'}`}
      >
        {vertical ? (
          <ChevronUp className="size-5" aria-hidden />
        ) : (
          <ChevronLeft className="size-5" aria-hidden />
        )}
      </button>
      <button
        type="button"
        onClick={next}
        aria-label="Next slide"
        className={`${btn} ${vertical ? 'bottom-2 left-1/2 -translate-x-1/2' : 'right-2 top-1/2 -translate-y-1/2'}`}
      >
        {vertical ? (
          <ChevronDown className="size-5" aria-hidden />
        ) : (
          <ChevronRight className="size-5" aria-hidden />
        )}
      </button>
      {dots && snaps.length > 1 && (
        // Beside the arrows, never under them: a vertical carousel's dots stand along its right edge.
        <div
          className={`flex justify-center gap-1 pt-1 md:absolute md:pt-0 ${vertical ? 'md:inset-y-0 md:right-1 md:flex-col' : 'md:inset-x-0 md:bottom-2'}`}
        >
          {snaps.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
              key={i}
              type="button"
              onClick={() => api?.scrollTo(i)}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === selected}
              className="flex size-6 items-center justify-center"
            >
              <span
                className={`block rounded-full transition-all ${vertical ? `w-2 md:h-2 ${i === selected ? 'h-2 w-5 md:h-5 md:w-2' : 'h-2'}` : `h-2 ${i === selected ? 'w-5' : 'w-2'}`} ${i === selected ? 'bg-white' : 'bg-white/60'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
