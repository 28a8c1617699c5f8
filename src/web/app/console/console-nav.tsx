import { useQuery } from '@tanstack/react-query';
import {
  BadgeDollarSign,
  Boxes,
  Building2,
  ClipboardList,
  FileCheck2,
  History,
  Image,
  Mail,
  Scale,
  Settings,
  ShieldCheck,
  Store,
  Tags,
  Upload,
  Users,
} from 'lucide-react';
import type { Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { documentsToVerifyQuery } from '#web/features/accounts/console/index.ts';
import { ordersToShipQuery } from '#web/features/orders/console/index.ts';

/** How long a menu count may be old while nothing in the console changes (a write reloads it at once). */
const COUNT_EVERY_MS = 60_000;

const NAV = [
  {
    to: '/admin',
    label: 'Verification',
    icon: FileCheck2,
    end: true,
    count: { query: documentsToVerifyQuery, what: 'documents to verify' },
  },
  {
    to: '/admin/orders',
    label: 'Orders',
    icon: ClipboardList,
    count: { query: ordersToShipQuery, what: 'orders to ship' },
  },
  { to: '/admin/products', label: 'Products', icon: Boxes },
  { to: '/admin/categories', label: 'Categories & brands', icon: Tags },
  { to: '/admin/banners', label: 'Banners', icon: Image },
  { to: '/admin/import', label: 'Import / export', icon: Upload },
  { to: '/admin/companies', label: 'Companies', icon: Building2 },
  { to: '/admin/buyers', label: 'Buyers', icon: Users },
  { to: '/admin/pricing', label: 'Groups & prices', icon: BadgeDollarSign },
  { to: '/admin/staff', label: 'Staff', icon: ShieldCheck },
  { to: '/admin/compliance', label: 'Compliance', icon: Scale },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/mail', label: 'Mail', icon: Mail },
  { to: '/admin/audit', label: 'Audit log', icon: History },
];

/** The console's menu: a column on a desk, a sideways strip on a phone; two entries carry counts. */
export function ConsoleNav({ ref }: { ref?: Ref<HTMLElement> }) {
  return (
    <nav ref={ref} aria-label="Console" className="relative overflow-x-auto px-2 pb-2 lg:pb-4">
      <ul className="flex gap-1 lg:flex-col">
        {NAV.map(({ to, label, icon: Icon, end, count }: NavEntry) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-gray-900' : 'text-gray-100 hover:bg-gray-700'}`
              }
            >
              <Icon aria-hidden className="size-4" />
              {label}
              {count && <MenuCount {...count} />}
            </NavLink>
          </li>
        ))}
        <li className="shrink-0">
          <Link
            to="/"
            className="flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm text-gray-100 hover:bg-gray-700"
          >
            <Store aria-hidden className="size-4" />
            Storefront
          </Link>
        </li>
      </ul>
    </nav>
  );
}

type NavEntry = (typeof NAV)[number] & {
  end?: boolean;
  count?: { query: typeof ordersToShipQuery; what: string };
};

/** A menu entry's count ("3 documents to verify"), hidden at 0; reloaded after every console write. */
function MenuCount({ query, what }: { query: typeof ordersToShipQuery; what: string }) {
  const { data } = useQuery({ ...query(), refetchInterval: COUNT_EVERY_MS });
  if (!data?.count) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-gray-900">
      <span className="sr-only">, </span>
      {data.count}
      <span className="sr-only"> {what}</span>
    </span>
  );
}
