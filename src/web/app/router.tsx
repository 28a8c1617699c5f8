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
        path: 'info/:slug',
        lazy: async () => ({ Component: (await import('../features/info/info-page.tsx')).InfoPage }),
      },
      // SPEC §2: unknown paths redirect to /.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
