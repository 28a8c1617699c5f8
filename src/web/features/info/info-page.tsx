import { Navigate, useParams } from 'react-router';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { INFO_PAGES, infoTitle } from './info-pages.ts';
import { StateTaxRates } from './state-tax-rates.tsx';

export function InfoPage() {
  const { slug } = useParams();
  const store = useStoreInfo();
  const page = INFO_PAGES.find((p) => p.slug === slug);
  if (!page) return <Navigate to="/" replace />;
  const name = store.data?.storeName ?? 'Smokestack Wholesale';
  const fill = (s: string) => s.replaceAll('{store}', name);
  const title = infoTitle(page.slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{`${title} · ${name}`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {page.sections.map((s, i) => (
        <section key={s.heading ?? i} className="mt-6">
          {s.heading && <h2 className="text-xl font-bold">{s.heading}</h2>}
          {s.body.map((para) => (
            <p key={para.slice(0, 40)} className="mt-3 leading-7 text-gray-800">
              {fill(para)}
            </p>
          ))}
        </section>
      ))}
      {page.slug === 'state-tax-rates' && <StateTaxRates />}
    </article>
  );
}
