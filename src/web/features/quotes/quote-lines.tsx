import { optionLabel } from '#shared/catalogue/option-label.ts';
import { priceWithUnit } from '#shared/catalogue/price.ts';
import { formatCents } from '#shared/money.ts';
import type { Quote, QuoteLine } from '#shared/orders/quotes.schemas.ts';
import { LineItem } from '#web/components/catalogue/line-item.tsx';

export type LineNow = NonNullable<Quote['now']>['lines'][number];

/** While a member may answer: which lines are chosen, and choosing. */
export interface LineChoice {
  chosen: ReadonlySet<string>;
  toggle: (sku: string) => void;
  disabled: boolean;
}

/**
 * The quote's lines as a document reads them: picture, product — option, SKU, quantity, the quoted
 * unit price (beside the company's usual one when negotiated), the line total and its excise.
 * While the quote is open each line also says how it stands now; a member who may answer chooses
 * lines with a checkbox, a line that cannot be ordered now unchecked and disabled, saying why.
 */
export function QuoteLines({ quote, choice }: { quote: Quote; choice?: LineChoice }) {
  const now = new Map(quote.now?.lines.map((l) => [l.sku, l]));
  return (
    <ul aria-label="Quoted lines" className="divide-y divide-gray-100">
      {quote.lines.map((line) => (
        <QuoteLineRow key={line.sku} line={line} now={now.get(line.sku)} choice={choice} />
      ))}
    </ul>
  );
}

function UnitPrice({ line }: { line: QuoteLine }) {
  if (line.unitPriceCents === null)
    return <p className="mt-0.5 text-sm">{line.quantity} × to be priced by the store</p>;
  return (
    <p className="mt-0.5 text-sm">
      {line.quantity} ×{' '}
      <span className="font-bold">{priceWithUnit(formatCents(line.unitPriceCents), line.sellingUnit)}</span>
      {line.negotiated && line.listUnitPriceCents !== null && (
        <>
          {' '}
          <span className="rounded bg-emerald-50 px-1 text-xs font-semibold text-emerald-900">
            negotiated
          </span>{' '}
          <span className="text-xs text-gray-700">
            (your usual price {formatCents(line.listUnitPriceCents)})
          </span>
        </>
      )}
    </p>
  );
}

function QuoteLineRow({ line, now, choice }: { line: QuoteLine; now?: LineNow; choice?: LineChoice }) {
  const label = optionLabel(line.productName, line.variantName);
  const problemId = `quote-line-${line.sku}-problem`;
  const unavailable = now !== undefined && !now.available;
  // While open, the excise is today's (what accepting charges); once closed, the quote's own.
  const excise = now?.exciseCents ?? line.exciseCents;
  const priced = line.unitPriceCents !== null;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 sm:flex-nowrap">
      {choice && (
        <label className="-m-1 flex shrink-0 cursor-pointer items-center self-center p-1">
          <input
            type="checkbox"
            className="size-5 accent-gray-900 disabled:cursor-not-allowed"
            checked={!unavailable && choice.chosen.has(line.sku)}
            disabled={unavailable || choice.disabled}
            onChange={() => choice.toggle(line.sku)}
            aria-describedby={unavailable ? problemId : undefined}
          />
          <span className="sr-only">Include {label}</span>
        </label>
      )}
      <LineItem
        image={{ url: line.imageUrl }}
        thumb="md"
        bodyClassName="basis-44"
        title={line.productName}
        detail={line.variantName}
        sku={line.sku}
        aside={
          priced && (
            <div className="w-full text-right text-sm sm:w-32 sm:shrink-0">
              <p className="font-bold">{formatCents(line.lineTotalCents)}</p>
              {excise > 0 && <p className="text-xs text-gray-700">+ {formatCents(excise)} excise</p>}
            </div>
          )
        }
      >
        <UnitPrice line={line} />
        {unavailable && (
          <p id={problemId} className="mt-1 text-sm font-semibold text-red-800">
            {now.problem ?? 'Cannot be ordered now.'}
          </p>
        )}
      </LineItem>
    </li>
  );
}
