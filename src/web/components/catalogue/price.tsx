import { type PriceFields, priceDisplay } from '#shared/catalogue/price.ts';

export function Price({ price, size = 'md' }: { price: PriceFields; size?: 'md' | 'lg' }) {
  const d = priceDisplay(price);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-gray-900 ${size === 'lg' ? 'text-3xl' : 'text-base'}`}>
        {d.current}
      </span>
      {d.original && (
        <>
          <span className="text-sm text-gray-600 line-through">
            <span className="sr-only">was </span>
            {d.original}
          </span>
          <span className={`font-semibold text-red-700 ${size === 'lg' ? 'text-base' : 'text-xs'}`}>
            {d.percentOff}
          </span>
        </>
      )}
    </p>
  );
}
