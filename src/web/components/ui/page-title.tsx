import { useStoreInfo } from '#web/lib/store-info.ts';

/**
 * The document title: the page's name, then the store's short name from the store settings
 * (staff change it in the console), e.g. "Checkout · Smokestack".
 */
export function PageTitle({ children }: { children: string }) {
  const shortName = useStoreInfo().data?.shortName;
  return <title>{shortName ? `${children} · ${shortName}` : children}</title>;
}
