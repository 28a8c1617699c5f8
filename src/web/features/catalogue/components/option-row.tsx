import type { ReactNode } from 'react';
import { Minus, Plus } from 'lucide-react';
import type { Variant } from '#shared/catalogue/catalogue.schemas.ts';
import type { BlockView } from '#shared/compliance/compliance.schemas.ts';
import { Sku } from '#web/components/ui/copy-button.tsx';
import { formatCents } from '#shared/money.ts';
import {
  allowedQuantity,
  largestAllowedAtMost,
  type QuantityRule,
  quantityProblem,
  stepQuantity,
} from '#shared/pricing/quantity-steps.ts';

/** "Sold in cases of 10 · minimum 20 · at most 100 per order", or nothing for options sold one by one. */
export function ruleText(rule: QuantityRule): string | null {
  const parts: string[] = [];
  if (rule.increment > 1) parts.push(`Sold in cases of ${rule.increment}`);
  if (rule.minQuantity > rule.increment) parts.push(`minimum ${rule.minQuantity}`);
  if (rule.maxQuantity !== null) parts.push(`at most ${rule.maxQuantity} per order`);
  return parts.length ? parts.join(' · ') : null;
}

/** The selector's next count: whole cases from the minimum, never above the stock; below the minimum, 0. */
export function nextCount(rule: QuantityRule, stock: number, count: number, direction: 1 | -1): number {
  if (direction === -1) return count <= rule.minQuantity ? 0 : stepQuantity(rule, count, -1);
  const up = count === 0 ? allowedQuantity(rule, 1) : stepQuantity(rule, count, 1);
  return up <= stock ? up : (largestAllowedAtMost(rule, stock) ?? count);
}

/** Why a chosen count cannot be added (0 means "not this option"). */
export const countProblem = (v: Variant, count: number) =>
  count > 0 ? quantityProblem(v.quantityRule, count) : null;

/**
 * What the state rules say of an option for a signed-in buyer (decision 014, item 5): why it cannot
 * ship to their default address, and whether Pickup in store would take it.
 */
export interface OptionVerdict {
  stateName: string;
  blocks: readonly BlockView[];
  pickupBlocks: readonly BlockView[];
}

/** One option of the product page: picture, stock, the buyer's price and tiers, the case pack and the selector. */
export function OptionRow({
  v,
  count,
  onCount,
  whenOut,
  verdict,
}: {
  v: Variant;
  count: number;
  onCount: (n: number) => void;
  /** Shown under an out-of-stock option (Notify me, for a signed-in buyer). */
  whenOut?: ReactNode;
  verdict?: OptionVerdict;
}) {
  const rule = v.quantityRule;
  // Refused for delivery to the default address and for pickup alike. Still choosable: checkout
  // may send it to another address of the buyer's, where the rules may allow it.
  const refused = Boolean(verdict?.blocks.length && verdict.pickupBlocks.length);
  const choosable = v.inStock;
  const hint = ruleText(rule);
  const problem = countProblem(v, count);
  const problemId = `${v.id}-quantity-problem`;
  return (
    <li className={`p-2.5 ${v.inStock ? '' : 'bg-gray-50'}`}>
      <div className="flex items-center gap-3">
        <img
          src={v.image.url}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className={`size-12 shrink-0 rounded object-cover ${v.inStock ? '' : 'opacity-60 grayscale'}`}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{v.name}</p>
          <p className="leading-4">
            <Sku sku={v.sku} copy />
          </p>
          <p className={`text-xs ${v.inStock ? 'text-gray-700' : 'font-semibold text-red-700'}`}>
            {v.inStock ? `${v.stock} in stock` : 'Out of stock'}
            {v.yourPrice && (
              <span className="font-semibold text-emerald-800">
                {' '}
                · Your price {formatCents(v.yourPrice.unitPriceCents)}
              </span>
            )}
          </p>
          {hint && <p className="text-xs text-gray-700">{hint}</p>}
          {verdict && verdict.blocks.length > 0 && (
            <p className={`mt-0.5 text-xs font-semibold ${refused ? 'text-red-800' : 'text-amber-900'}`}>
              {refused
                ? `Not to ${verdict.stateName} nor for pickup: ${verdict.blocks[0]!.reason} Another address may take it.`
                : `Pickup in store only: ${verdict.blocks[0]!.reason}`}
            </p>
          )}
          {!v.inStock && whenOut}
        </div>
        <div
          className="flex items-center rounded-lg ring-1 ring-gray-300"
          role="group"
          aria-label={`Quantity of ${v.name}`}
        >
          <button
            type="button"
            onClick={() => onCount(nextCount(rule, v.stock, count, -1))}
            disabled={count <= 0}
            aria-label={`Fewer ${v.name}`}
            className="flex size-9 items-center justify-center rounded-l-lg hover:bg-gray-100 disabled:text-gray-300"
          >
            <Minus className="size-4" aria-hidden />
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={v.stock}
            step={rule.increment}
            value={count}
            disabled={!choosable}
            onChange={(e) => onCount(Number(e.target.value))}
            aria-label={`${v.name} quantity`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="h-9 w-14 border-x border-gray-300 text-center text-sm [appearance:textfield] disabled:bg-gray-50 [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            onClick={() => onCount(nextCount(rule, v.stock, count, 1))}
            disabled={!choosable || nextCount(rule, v.stock, count, 1) === count}
            aria-label={`More ${v.name}`}
            className="flex size-9 items-center justify-center rounded-r-lg hover:bg-gray-100 disabled:text-gray-300"
          >
            <Plus className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      {problem && (
        <p id={problemId} className="mt-1 text-right text-xs font-semibold text-red-700">
          {problem}
        </p>
      )}
      {v.yourPrice && v.yourPrice.tiers.length > 0 && <TierTable name={v.name} price={v.yourPrice} />}
    </li>
  );
}

function TierTable({ name, price }: { name: string; price: NonNullable<Variant['yourPrice']> }) {
  return (
    <table className="mt-2 ml-15 text-xs">
      <caption className="sr-only">Volume prices for {name}</caption>
      <thead>
        <tr className="text-left text-gray-700">
          <th scope="col" className="pr-4 font-semibold">
            Quantity
          </th>
          <th scope="col" className="font-semibold">
            Your unit price
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td className="pr-4">1 or more</td>
          <td>{formatCents(price.unitPriceCents)}</td>
        </tr>
        {price.tiers.map((t) => (
          <tr key={t.minQuantity}>
            <td className="pr-4">{t.minQuantity} or more</td>
            <td className="font-semibold text-emerald-800">{formatCents(t.unitPriceCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
