import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ALL_CATEGORIES } from '#shared/catalogue/catalogue.constants.ts';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { INFO_LINKS } from '#web/features/info/index.ts';
import { useMenu } from '#web/lib/menu.ts';
import { useSession } from '#web/lib/session.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

const NewsletterDialog = lazy(() => import('#web/features/store/components/newsletter-dialog.tsx'));

const PAYMENTS = ['PayPal', 'Visa', 'Mastercard', 'Discover'];

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wider text-amber-400">{title}</h2>
      <div className="mt-3 text-sm text-gray-300">{children}</div>
    </div>
  );
}

export function Footer() {
  const { data: menu } = useMenu();
  const { data: store } = useStoreInfo();
  const signedIn = Boolean(useSession().data?.user);
  const [newsletterOpen, setNewsletterOpen] = useState(false);
  const linkClass = 'hover:text-white hover:underline';
  return (
    <footer className="mt-16 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm2:grid-cols-2 lg:grid-cols-5">
        <Column title="Quick links">
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={categoryHref(ALL_CATEGORIES)}>
                All products
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={categoryHref('Vape Hardware')}>
                Vape Hardware
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={categoryHref('Smoke Shop')}>
                Smoke Shop
              </Link>
            </li>
            <li>
              {signedIn ? (
                <Link className={linkClass} to="/account?p=My%20Account">
                  My Account
                </Link>
              ) : (
                <Link className={linkClass} to="/signin">
                  Login
                </Link>
              )}
            </li>
          </ul>
        </Column>
        <Column title="Categories">
          <ul className="space-y-2">
            {menu?.categories.map((c) => (
              <li key={c.id}>
                <Link className={linkClass} to={categoryHref(c.id)}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </Column>
        <Column title="Information">
          <ul className="space-y-2">
            {INFO_LINKS.map((l) => (
              <li key={l.href}>
                <Link className={linkClass} to={l.href}>
                  {l.title}
                </Link>
              </li>
            ))}
          </ul>
        </Column>
        <Column title="Contact us">
          {store && (
            <address className="space-y-2 not-italic">
              <p className="flex gap-2">
                <MapPin className="size-4 shrink-0 translate-y-0.5" aria-hidden />
                {store.contact.address}
              </p>
              <p className="flex gap-2">
                <Phone className="size-4 shrink-0 translate-y-0.5" aria-hidden />
                <a className={linkClass} href={`tel:${store.contact.phone.replace(/[^+\d]/g, '')}`}>
                  {store.contact.phone}
                </a>
              </p>
              <p className="flex gap-2">
                <Mail className="size-4 shrink-0 translate-y-0.5" aria-hidden />
                <a className={linkClass} href={`mailto:${store.contact.email}`}>
                  {store.contact.email}
                </a>
              </p>
              <p className="flex gap-2">
                <Clock className="size-4 shrink-0 translate-y-0.5" aria-hidden />
                {store.contact.hours}
              </p>
            </address>
          )}
          {store && store.social.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Social media">
              {store.social.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-block rounded-full border border-gray-600 px-3 py-1 text-xs hover:border-white hover:text-white"
                  >
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Column>
        <Column title="Stay in the loop">
          <p>New arrivals, restocks and wholesale deals, about twice a month.</p>
          <button
            type="button"
            onClick={() => setNewsletterOpen(true)}
            className="mt-4 rounded-lg bg-amber-400 px-4 py-2.5 text-sm font-bold text-gray-900 hover:bg-amber-300"
          >
            Join the mailing list
          </button>
          <h3 className="mt-6 text-xs font-bold uppercase tracking-wider text-gray-400">We accept</h3>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Accepted payments">
            {PAYMENTS.map((p) => (
              <li key={p} className="rounded bg-white px-2 py-1 text-xs font-bold text-gray-900">
                {p}
              </li>
            ))}
          </ul>
        </Column>
      </div>
      <div className="border-t border-white/10 px-4 py-4 text-center text-xs text-gray-400">
        © {new Date().getFullYear()} {store?.storeName ?? 'Smokestack Wholesale'} · For licensed businesses
        only · Adults 21+
      </div>
      {newsletterOpen && (
        <Suspense fallback={null}>
          <NewsletterDialog open={newsletterOpen} onOpenChange={setNewsletterOpen} />
        </Suspense>
      )}
    </footer>
  );
}
