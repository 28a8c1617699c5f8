import { useQueryClient } from '@tanstack/react-query';
import type { DeskDraft, DeskDraftBody, DeskLineBody, DeskPlaceBody } from '#shared/orders/desk.schemas.ts';
import type { DeskPriceBody, DeskQuoteBody } from '#shared/orders/quotes.schemas.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { deskDraftQuery } from './queries.ts';

/*
 * The order desk's writes (decision 016, part 2). Each answers the draft as it now is, which the
 * page shows at once; the reload every console write starts (useAdminMutation) then refreshes the
 * search's "in the draft" counts. A 409 reloads the draft, so the page shows it as it is.
 */

export const deskPath = (companyId: string, rest = '') => `desk/${encodeURIComponent(companyId)}${rest}`;

/** Shows a draft the server answered without waiting for the reload. */
export function useShowDraft(companyId: string) {
  const qc = useQueryClient();
  return (draft: DeskDraft) => qc.setQueryData(deskDraftQuery(companyId).queryKey, draft);
}

/** One line's quantity (0 removes it). */
export const useSetDeskLine = (companyId: string) =>
  useAdminMutation('PUT', (_: DeskLineBody) => deskPath(companyId, '/lines'), 'DeskDraftSchema');

export const usePasteDeskLines = (companyId: string) =>
  useAdminMutation('POST', (_: { text: string }) => deskPath(companyId, '/paste'), 'DeskPasteResultSchema');

/** The draft's location, shipping, fee and notes, at the version the page showed. */
export const useSaveDeskDetails = (companyId: string) =>
  useAdminMutation('PUT', (_: DeskDraftBody) => deskPath(companyId), 'DeskDraftSchema');

/** A line's negotiated unit price and its reason; null puts it back to the company's price. */
export const useSetDeskPrice = (companyId: string) =>
  useAdminMutation('PUT', (_: DeskPriceBody) => deskPath(companyId, '/lines/price'), 'DeskDraftSchema');

/** Send the draft as a quote (decision 016, part 3), at the version, location and total shown. */
export const useSendDeskQuote = (companyId: string) =>
  useAdminMutation('POST', (_: DeskQuoteBody) => deskPath(companyId, '/quote'), 'QuoteSentSchema');

export const usePlaceDeskOrder = (companyId: string) =>
  useAdminMutation('POST', (_: DeskPlaceBody) => deskPath(companyId, '/place'), 'DeskPlacedSchema');

export const useDiscardDeskDraft = (companyId: string) =>
  useAdminMutation(
    'DELETE',
    (_: undefined) => deskPath(companyId),
    'MessageResponseSchema',
    () => undefined,
  );
