import { useMutation } from '@tanstack/react-query';
import type { NewsletterBody } from '#shared/store/store.schemas.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';

export const useSubscribeNewsletter = () =>
  useMutation({
    mutationFn: (body: NewsletterBody) => apiPost(apiUrl('newsletter'), body, 'MessageResponseSchema'),
  });
