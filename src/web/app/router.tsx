import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { RouteErrorPage } from './error-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** Route-level code splitting: only the home page ships in the first bundle. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'categories',
        lazy: async () => ({
          Component: (await import('../features/catalogue/categories-page.tsx')).CategoriesPage,
        }),
      },
      {
        path: 'product',
        lazy: async () => ({
          Component: (await import('../features/catalogue/product-page.tsx')).ProductPage,
        }),
      },
      {
        path: 'search',
        lazy: async () => ({ Component: (await import('../features/search/search-page.tsx')).SearchPage }),
      },
      {
        path: 'signin',
        lazy: async () => ({ Component: (await import('../features/accounts/signin-page.tsx')).SignInPage }),
      },
      {
        path: 'signup',
        lazy: async () => ({ Component: (await import('../features/accounts/signup-page.tsx')).SignUpPage }),
      },
      {
        path: 'nextpage',
        lazy: async () => ({ Component: (await import('../features/accounts/nextpage-page.tsx')).NextPage }),
      },
      {
        path: 'lostpassword',
        lazy: async () => ({
          Component: (await import('../features/accounts/lost-password-page.tsx')).LostPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/accounts/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({
          Component: (await import('../features/accounts/verify-email-page.tsx')).VerifyEmailPage,
        }),
      },
      {
        path: 'account',
        lazy: async () => ({
          Component: (await import('../features/accounts/account/account-page.tsx')).AccountPage,
        }),
      },
      {
        path: 'checkout',
        lazy: async () => ({
          Component: (await import('../features/checkout/checkout-page.tsx')).CheckoutPage,
        }),
      },
      {
        path: 'orders',
        lazy: async () => ({ Component: (await import('../features/orders/orders-page.tsx')).OrdersPage }),
      },
      {
        path: 'invoice',
        lazy: async () => ({ Component: (await import('../features/orders/invoice-page.tsx')).InvoicePage }),
      },
      {
        path: 'track',
        lazy: async () => ({ Component: (await import('../features/orders/track-page.tsx')).TrackPage }),
      },
      {
        path: 'info/:slug',
        lazy: async () => ({ Component: (await import('../features/info/info-page.tsx')).InfoPage }),
      },
      // SPEC §2: unknown paths redirect to /.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
