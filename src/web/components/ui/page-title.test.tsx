import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitle } from './page-title.tsx';

describe('PageTitle', () => {
  it("names the page, then the store's short name from its settings", async () => {
    const client = new QueryClient();
    client.setQueryData(['store'], { shortName: 'Harbor Supply', storeName: 'Harbor Supply Wholesale' });
    render(
      <QueryClientProvider client={client}>
        <PageTitle>Checkout</PageTitle>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Checkout · Harbor Supply'));
  });
});
