import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '#web/features/home/index.ts';
import { RouteErrorPage } from '#web/components/layout/error-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** Route-level code splitting: only the home page ships in the first bundle. */
export const router = createBrowserRouter([
  {
    // The staff console: its own lazily loaded part, outside the storefront's layout.
    path: '/admin',
    lazy: async () => ({ Component: (await import('#web/app/console/console-layout.tsx')).AdminLayout }),
    errorElement: <RouteErrorPage />,
    children: [
      {
        // The console's home: what waits, and for roles that read reports, the figures (decision 018).
        index: true,
        lazy: async () => ({
          Component: (await import('#web/features/reports/console/dashboard-page.tsx')).DashboardPage,
        }),
      },
      {
        path: 'verification',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/console/verifications-page.tsx'))
            .VerificationsPage,
        }),
      },
      {
        path: 'reports',
        lazy: async () => ({
          Component: (await import('#web/features/reports/console/reports-layout.tsx')).ReportsLayout,
        }),
        children: [
          { index: true, element: <Navigate to="sales" replace /> },
          {
            path: 'sales',
            lazy: async () => ({
              Component: (await import('#web/features/reports/console/sales-report-page.tsx'))
                .SalesReportPage,
            }),
          },
          {
            path: 'breakdown',
            lazy: async () => ({
              Component: (await import('#web/features/reports/console/breakdown-report-page.tsx'))
                .BreakdownReportPage,
            }),
          },
          {
            path: 'credited',
            lazy: async () => ({
              Component: (await import('#web/features/reports/console/credited-report-page.tsx'))
                .CreditedReportPage,
            }),
          },
          {
            path: 'movers',
            lazy: async () => ({
              Component: (await import('#web/features/reports/console/movers-report-page.tsx'))
                .MoversReportPage,
            }),
          },
          {
            path: 'slow-movers',
            lazy: async () => ({
              Component: (await import('#web/features/reports/console/slow-movers-page.tsx')).SlowMoversPage,
            }),
          },
        ],
      },
      {
        path: 'low-stock',
        lazy: async () => ({
          Component: (await import('#web/features/reports/console/low-stock-page.tsx')).LowStockPage,
        }),
      },
      {
        path: 'excise-returns',
        lazy: async () => ({
          Component: (await import('#web/features/compliance/console/excise-returns-page.tsx'))
            .ExciseReturnsPage,
        }),
      },
      {
        path: 'orders',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/orders-page.tsx')).AdminOrdersPage,
        }),
      },
      {
        // Before orders/:number, so "pick-list" is not read as an order number.
        path: 'orders/pick-list',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/pick-list-page.tsx')).PickListPage,
        }),
      },
      {
        path: 'orders/:number',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/order-detail-page.tsx'))
            .AdminOrderDetailPage,
        }),
      },
      {
        path: 'desk',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/desks-page.tsx')).DesksPage,
        }),
      },
      {
        path: 'desk/:companyId',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/desk-page.tsx')).DeskPage,
        }),
      },
      {
        path: 'quotes',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/quotes-page.tsx')).QuotesPage,
        }),
      },
      {
        path: 'quotes/:number',
        lazy: async () => ({
          Component: (await import('#web/features/orders/console/quote-page.tsx')).QuotePage,
        }),
      },
      {
        path: 'products',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/console/products-page.tsx')).AdminProductsPage,
        }),
      },
      {
        path: 'products/new',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/console/product-editor-page.tsx'))
            .ProductEditorPage,
        }),
      },
      {
        path: 'products/:id',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/console/product-editor-page.tsx'))
            .ProductEditorPage,
        }),
      },
      {
        path: 'categories',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/console/categories-page.tsx')).CategoriesPage,
        }),
      },
      {
        path: 'banners',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/console/banners-page.tsx')).BannersPage,
        }),
      },
      {
        path: 'import',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/console/import-page.tsx')).ImportPage,
        }),
      },
      {
        path: 'buyers',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/console/buyers-page.tsx')).BuyersPage,
        }),
      },
      {
        path: 'buyers/:id',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/console/buyer-detail-page.tsx')).BuyerDetailPage,
        }),
      },
      {
        path: 'companies',
        lazy: async () => ({
          Component: (await import('#web/features/companies/console/companies-page.tsx')).CompaniesPage,
        }),
      },
      {
        path: 'companies/:id',
        lazy: async () => ({
          Component: (await import('#web/features/companies/console/company-console-page.tsx'))
            .CompanyConsolePage,
        }),
      },
      {
        path: 'receivables',
        lazy: async () => ({
          Component: (await import('#web/features/receivables-console/receivables-page.tsx')).ReceivablesPage,
        }),
      },
      {
        path: 'staff',
        lazy: async () => ({
          Component: (await import('#web/features/staff/console/staff-page.tsx')).StaffPage,
        }),
      },
      {
        path: 'settings',
        lazy: async () => ({
          Component: (await import('#web/features/store/console/settings-page.tsx')).SettingsPage,
        }),
      },
      {
        path: 'pricing',
        lazy: async () => ({
          Component: (await import('#web/features/pricing/console/pricing-page.tsx')).PricingPage,
        }),
      },
      {
        path: 'pricing/:id',
        lazy: async () => ({
          Component: (await import('#web/features/pricing/console/price-list-page.tsx')).PriceListPage,
        }),
      },
      {
        path: 'compliance',
        lazy: async () => ({
          Component: (await import('#web/features/compliance/console/compliance-page.tsx')).CompliancePage,
        }),
      },
      {
        path: 'compliance/pact',
        lazy: async () => ({
          Component: (await import('#web/features/compliance/console/pact-page.tsx')).PactPage,
        }),
      },
      {
        path: 'mail',
        lazy: async () => ({
          Component: (await import('#web/features/mail/console/mail-page.tsx')).MailPage,
        }),
      },
      {
        path: 'account',
        lazy: async () => ({
          Component: (await import('#web/features/staff/console/my-account-page.tsx')).MyAccountPage,
        }),
      },
      {
        path: 'audit',
        lazy: async () => ({
          Component: (await import('#web/features/staff/console/audit-page.tsx')).AuditPage,
        }),
      },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'categories',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/categories-page.tsx')).CategoriesPage,
        }),
      },
      {
        path: 'product',
        lazy: async () => ({
          Component: (await import('#web/features/catalogue/product-page.tsx')).ProductPage,
        }),
      },
      {
        path: 'search',
        lazy: async () => ({ Component: (await import('#web/features/search/search-page.tsx')).SearchPage }),
      },
      {
        path: 'signin',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/signin-page.tsx')).SignInPage,
        }),
      },
      {
        path: 'signup',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/signup-page.tsx')).SignUpPage,
        }),
      },
      {
        path: 'nextpage',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/nextpage-page.tsx')).NextPage,
        }),
      },
      {
        path: 'lostpassword',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/lost-password-page.tsx')).LostPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/verify-email-page.tsx')).VerifyEmailPage,
        }),
      },
      {
        path: 'account',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/account/account-page.tsx')).AccountPage,
        }),
      },
      {
        path: 'account/invoices',
        lazy: async () => ({
          Component: (await import('#web/features/invoices/invoices-page.tsx')).InvoicesPage,
        }),
      },
      {
        path: 'company/locations',
        lazy: async () => ({
          Component: (await import('#web/features/accounts/locations-page.tsx')).LocationsPage,
        }),
      },
      {
        path: 'company',
        lazy: async () => ({
          Component: (await import('#web/features/companies/company-page.tsx')).CompanyPage,
        }),
      },
      {
        path: 'invitation',
        lazy: async () => ({
          Component: (await import('#web/features/companies/invitation-page.tsx')).InvitationPage,
        }),
      },
      {
        path: 'checkout',
        lazy: async () => ({
          Component: (await import('#web/features/checkout/checkout-page.tsx')).CheckoutPage,
        }),
      },
      {
        path: 'orders',
        lazy: async () => ({ Component: (await import('#web/features/orders/orders-page.tsx')).OrdersPage }),
      },
      {
        path: 'quotes',
        lazy: async () => ({ Component: (await import('#web/features/quotes/quotes-page.tsx')).QuotesPage }),
      },
      {
        path: 'quotes/:number',
        lazy: async () => ({ Component: (await import('#web/features/quotes/quote-page.tsx')).QuotePage }),
      },
      {
        path: 'alerts',
        lazy: async () => ({ Component: (await import('#web/features/alerts/alerts-page.tsx')).AlertsPage }),
      },
      {
        path: 'lists',
        lazy: async () => ({ Component: (await import('#web/features/lists/lists-page.tsx')).ListsPage }),
      },
      {
        path: 'lists/:id',
        lazy: async () => ({ Component: (await import('#web/features/lists/list-page.tsx')).ListPage }),
      },
      {
        path: 'quick-order',
        lazy: async () => ({
          Component: (await import('#web/features/cart/quick-order-page.tsx')).QuickOrderPage,
        }),
      },
      {
        path: 'invoice',
        lazy: async () => ({
          Component: (await import('#web/features/orders/invoice-page.tsx')).InvoicePage,
        }),
      },
      {
        path: 'track',
        lazy: async () => ({ Component: (await import('#web/features/orders/track-page.tsx')).TrackPage }),
      },
      {
        path: 'info/:slug',
        lazy: async () => ({ Component: (await import('#web/features/info/info-page.tsx')).InfoPage }),
      },
      // SPEC §2: unknown paths redirect to /.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
