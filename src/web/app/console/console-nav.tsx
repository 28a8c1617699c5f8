import { useQuery } from '@tanstack/react-query';
import {
  BadgeDollarSign,
  Boxes,
  Building2,
  ChartLine,
  ClipboardList,
  ClipboardPen,
  FileCheck2,
  FileText,
  History,
  Image,
  Landmark,
  LayoutDashboard,
  Mail,
  PackageMinus,
  ReceiptText,
  Scale,
  Settings,
  ShieldCheck,
  Store,
  Tags,
  Upload,
  type LucideIcon,
  UserRound,
  Users,
} from 'lucide-react';
import type { Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { documentsToVerifyQuery } from '#web/features/accounts/console/index.ts';
import { ordersToShipQuery } from '#web/features/orders/console/index.ts';
import type { Permission } from '#shared/staff/staff-roles.ts';
import { useStaffMay } from '#web/lib/console-api.ts';

/** How long a menu count may be old while nothing in the console changes (a write reloads it at once). */
const COUNT_EVERY_MS = 60_000;

/** The console's pages, each with the permission its role needs (decision 016; the server checks the same). */
const NAV: readonly NavEntry[] = [
  // Every staff member's first page: what waits for their role (decision 018).
  { to: '/admin', permission: 'console', label: 'Dashboard', icon: LayoutDashboard, end: true },
  {
    to: '/admin/verification',
    permission: 'documents',
    label: 'Verification',
    icon: FileCheck2,
    count: { query: documentsToVerifyQuery, what: 'documents to verify' },
  },
  {
    to: '/admin/orders',
    permission: 'orders.read',
    label: 'Orders',
    icon: ClipboardList,
    count: { query: ordersToShipQuery, what: 'orders to ship' },
  },
  { to: '/admin/desk', permission: 'desk', label: 'Order desk', icon: ClipboardPen },
  { to: '/admin/quotes', permission: 'desk', label: 'Quotes', icon: FileText },
  { to: '/admin/products', permission: 'catalogue', label: 'Products', icon: Boxes },
  { to: '/admin/categories', permission: 'catalogue', label: 'Categories & brands', icon: Tags },
  { to: '/admin/banners', permission: 'catalogue', label: 'Banners', icon: Image },
  { to: '/admin/import', permission: 'catalogue', label: 'Import / export', icon: Upload },
  { to: '/admin/low-stock', permission: 'catalogue', label: 'Low stock', icon: PackageMinus },
  { to: '/admin/companies', permission: 'companies.read', label: 'Companies', icon: Building2 },
  { to: '/admin/receivables', permission: 'receivables', label: 'Receivables', icon: ReceiptText },
  { to: '/admin/reports', permission: 'reports', label: 'Reports', icon: ChartLine },
  { to: '/admin/buyers', permission: 'buyers.read', label: 'Buyers', icon: Users },
  { to: '/admin/pricing', permission: 'prices', label: 'Groups & prices', icon: BadgeDollarSign },
  { to: '/admin/staff', permission: 'staff', label: 'Staff', icon: ShieldCheck },
  { to: '/admin/compliance', permission: 'compliance', label: 'Compliance', icon: Scale },
  { to: '/admin/excise-returns', permission: 'excise', label: 'Excise returns', icon: Landmark },
  { to: '/admin/settings', permission: 'settings', label: 'Settings', icon: Settings },
  { to: '/admin/mail', permission: 'mail', label: 'Mail', icon: Mail },
  { to: '/admin/audit', permission: 'audit', label: 'Audit log', icon: History },
  { to: '/admin/account', permission: 'console', label: 'My account', icon: UserRound },
];

/**
 * The permission a console page needs: that of the menu entry it is under (/admin/orders/SS-1 is
 * under Orders), or null for a path under none.
 */
export function pagePermission(pathname: string): Permission | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const entry = NAV.filter((e) => path === e.to || (e.to !== '/admin' && path.startsWith(`${e.to}/`))).at(0);
  return entry?.permission ?? null;
}

/** Where a role's console opens: its first menu entry (the dashboard, every role's). */
export function firstPage(may: (p: Permission) => boolean): string | null {
  return NAV.find((e) => may(e.permission))?.to ?? null;
}

/** The console's menu, the entries the role may use: a column on a desk, a sideways strip on a phone. */
export function ConsoleNav({ ref }: { ref?: Ref<HTMLElement> }) {
  const may = useStaffMay();
  return (
    <nav ref={ref} aria-label="Console" className="relative overflow-x-auto px-2 pb-2 lg:pb-4">
      <ul className="flex gap-1 lg:flex-col">
        {NAV.filter((e) => may(e.permission)).map(({ to, label, icon: Icon, end, count }) => (
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

interface NavEntry {
  to: string;
  permission: Permission;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  count?: { query: typeof ordersToShipQuery; what: string };
}

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
