import { useQuery } from '@tanstack/react-query';
import { PRODUCT_KIND_LABELS, type ProductKind } from '#shared/compliance/compliance.constants.ts';
import { formatDay } from '#shared/dates.ts';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

/** The excise rates the checkout applies, from the same table (staff edit it in the console). */
export function StateTaxRates() {
  const rates = useQuery({
    queryKey: ['tax-rates'],
    queryFn: ({ signal }) => apiGet(apiUrl('compliance/tax-rates'), 'TaxRatesResponseSchema', signal),
  });
  if (rates.isPending) return <p role="status">Loading the rates…</p>;
  if (rates.error) return <p role="alert">{rates.error.message}</p>;
  return (
    <section className="mt-8" aria-labelledby="rates-heading">
      <h2 id="rates-heading" className="text-xl font-bold">
        Excise rates by state
      </h2>
      <p className="mt-2 text-sm text-gray-700">As of {formatDay(rates.data.asOf)}.</p>
      <div className="mt-3 overflow-x-auto rounded-lg ring-1 ring-gray-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-gray-50 text-gray-800">
            <tr>
              <th className="px-3 py-2">State</th>
              <th className="px-3 py-2">Rate</th>
              <th className="px-3 py-2">Products</th>
              <th className="px-3 py-2">Since</th>
              <th className="px-3 py-2">On our invoice</th>
            </tr>
          </thead>
          <tbody>
            {rates.data.rates.map((r) => (
              <tr
                key={`${r.state}-${r.name}-${r.effectiveFrom}`}
                className="border-t border-gray-100 align-top"
              >
                <th scope="row" className="px-3 py-2 font-semibold">
                  {r.stateName}
                  <span className="block text-xs font-normal text-gray-700">{r.name}</span>
                </th>
                <td className="px-3 py-2">{r.rate}</td>
                <td className="px-3 py-2">
                  {r.kinds.map((k) => PRODUCT_KIND_LABELS[k as ProductKind] ?? k).join(', ')}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDay(r.effectiveFrom)}</td>
                <td className="px-3 py-2">{r.collects ? 'Collected by us' : 'You remit it'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-gray-700">
        A starting point, not legal or tax advice: rates change, and some cities and counties add their own.
      </p>
    </section>
  );
}
