import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { fakeApi, makeStaffMe, ok, renderPage } from '#tests/web-kit.tsx';
import { RolePage } from './console-layout.tsx';
import { ConsoleNav, firstPage, pagePermission } from './console-nav.tsx';

const menuOf = async () =>
  within(await screen.findByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

/** The console's page area at a path, for a staff member of a role, with a page at every path. */
function renderConsole(path: string, role: Parameters<typeof makeStaffMe>[0]) {
  fakeApi({
    'GET admin/orders/to-ship/count': ok({ count: 0 }),
    'GET admin/verifications/count': ok({ count: 0 }),
  });
  renderPage(
    <Routes>
      <Route path="/admin" element={<RolePage />}>
        <Route index element={<h1>Dashboard</h1>} />
        <Route path="verification" element={<h1>Verification queue</h1>} />
        <Route path="orders" element={<h1>Orders page</h1>} />
        <Route path="*" element={<h1>The page itself</h1>} />
      </Route>
    </Routes>,
    { path, staff: makeStaffMe(role) },
  );
}

describe('the console by role (decision 016)', () => {
  it('the menu holds only what the role may use', async () => {
    fakeApi({ 'GET admin/orders/to-ship/count': ok({ count: 0 }) });
    renderPage(<ConsoleNav />, { path: '/admin', staff: makeStaffMe('warehouse') });
    expect(await menuOf()).toEqual(['Dashboard', 'Orders', 'My account', 'Storefront']);
  });

  it('a sales rep’s menu has the order desk after Orders, and opens on the dashboard', async () => {
    fakeApi({ 'GET admin/orders/to-ship/count': ok({ count: 0 }) });
    renderPage(<ConsoleNav />, { path: '/admin', staff: makeStaffMe('sales') });
    expect(await menuOf()).toEqual([
      'Dashboard',
      'Orders',
      'Order desk',
      'Quotes',
      'Companies',
      'My account',
      'Storefront',
    ]);
    expect(firstPage((p) => makeStaffMe('sales').permissions.includes(p))).toBe('/admin');
  });

  it('an admin’s menu holds every page', async () => {
    fakeApi({
      'GET admin/orders/to-ship/count': ok({ count: 0 }),
      'GET admin/verifications/count': ok({ count: 0 }),
    });
    renderPage(<ConsoleNav />, { path: '/admin', staff: makeStaffMe('admin') });
    expect(await menuOf()).toEqual([
      'Dashboard',
      'Verification',
      'Orders',
      'Order desk',
      'Quotes',
      'Products',
      'Categories & brands',
      'Banners',
      'Import / export',
      'Low stock',
      'Companies',
      'Receivables',
      'Reports',
      'Buyers',
      'Groups & prices',
      'Staff',
      'Compliance',
      'Excise returns',
      'Settings',
      'Mail',
      'Audit log',
      'My account',
      'Storefront',
    ]);
  });

  it('accounting’s menu has receivables after Companies (decision 017), reports and excise returns (018)', async () => {
    fakeApi({ 'GET admin/orders/to-ship/count': ok({ count: 0 }) });
    renderPage(<ConsoleNav />, { path: '/admin', staff: makeStaffMe('accounting') });
    expect(await menuOf()).toEqual([
      'Dashboard',
      'Orders',
      'Companies',
      'Receivables',
      'Reports',
      'Buyers',
      'Excise returns',
      'My account',
      'Storefront',
    ]);
    expect(pagePermission('/admin/receivables')).toBe('receivables');
    expect(pagePermission('/admin/reports/breakdown')).toBe('reports');
    expect(pagePermission('/admin/excise-returns')).toBe('excise');
  });

  it('a page is known by the menu entry it is under', () => {
    expect(pagePermission('/admin')).toBe('console');
    expect(pagePermission('/admin/')).toBe('console');
    expect(pagePermission('/admin/verification')).toBe('documents');
    expect(pagePermission('/admin/low-stock')).toBe('catalogue');
    expect(pagePermission('/admin/orders/SS-100001')).toBe('orders.read');
    expect(pagePermission('/admin/products/new')).toBe('catalogue');
    expect(pagePermission('/admin/compliance/pact')).toBe('compliance');
    expect(pagePermission('/admin/desk')).toBe('desk');
    expect(pagePermission('/admin/desk/3f1c2b4a-0000-4000-8000-000000000001')).toBe('desk');
    expect(pagePermission('/admin/desktop')).toBeNull();
    expect(pagePermission('/admin/ordersx')).toBeNull();
    expect(pagePermission('/admin/elsewhere')).toBeNull();
    expect(firstPage((p) => p === 'companies.read' || p === 'console')).toBe('/admin');
    expect(firstPage((p) => p === 'companies.read')).toBe('/admin/companies');
    expect(firstPage(() => false)).toBeNull();
  });

  it('the front door is every role’s dashboard, and a page inside the role shows', async () => {
    renderConsole('/admin', 'warehouse');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    cleanup();
    renderConsole('/admin/account', 'warehouse');
    expect(await screen.findByRole('heading', { name: 'The page itself' })).toBeTruthy();
  });

  it('a page outside the role says so, with the way to the first page', async () => {
    renderConsole('/admin/products', 'sales');
    expect(await screen.findByRole('heading', { name: 'Not part of your role' })).toBeTruthy();
    expect(screen.getByText(adminMessages.roleRefused)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your first page' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('heading', { name: 'The page itself' })).toBeNull();
  });

  it('the verification queue is for the roles that verify: compliance opens it, the warehouse is told no', async () => {
    renderConsole('/admin/verification', 'compliance');
    expect(await screen.findByRole('heading', { name: 'Verification queue' })).toBeTruthy();
    cleanup();
    renderConsole('/admin/verification', 'warehouse');
    expect(await screen.findByRole('heading', { name: 'Not part of your role' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Verification queue' })).toBeNull();
  });
});
