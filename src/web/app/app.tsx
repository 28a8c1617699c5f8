import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AgeGate } from './age-gate.tsx';
import { NotificationsProvider } from './notifications.tsx';
import { router } from './router.tsx';

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <AgeGate>
          <RouterProvider router={router} />
        </AgeGate>
      </NotificationsProvider>
    </QueryClientProvider>
  );
}
