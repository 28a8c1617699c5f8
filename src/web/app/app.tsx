import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AgeGate } from './age-gate.tsx';
import { NotificationsProvider } from '#web/components/ui/notifications.tsx';
import { router } from './router.tsx';
import { storefrontSlots } from './slots.tsx';
import { SlotsProvider } from '#web/components/slots.tsx';

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <SlotsProvider slots={storefrontSlots}>
          <AgeGate>
            <RouterProvider router={router} />
          </AgeGate>
        </SlotsProvider>
      </NotificationsProvider>
    </QueryClientProvider>
  );
}
