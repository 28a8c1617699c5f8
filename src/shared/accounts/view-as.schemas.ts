import { z } from 'zod';

/**
 * Viewing the store as a buyer (decision 016, part 5): staff open the storefront as one member of
 * a company sees it, read only, for at most VIEW_AS_MINUTES, under a banner with a way out.
 */
export const VIEW_AS_MINUTES = 30;

export const viewAsMessages = {
  /** Every write while viewing: the storefront is read only. */
  readOnly: (name: string) => `Viewing as ${name} — read only. Stop viewing to act as yourself.`,
  /** A buyer's own documents are not shown in this mode: staff read them in the console. */
  noDocuments: 'Documents are not opened while viewing as a buyer: open them from the console.',
  memberNotFound: 'That person is not an active member of this company.',
  companyDisabled:
    'This company is disabled: its members cannot sign in, so there is no store of theirs to view.',
  started: (name: string, business: string) => `Viewing the store as ${name} of ${business} — read only.`,
  stopped: 'Stopped viewing as a buyer.',
  notViewing: 'You are not viewing the store as a buyer.',
} as const;

export const ViewAsParamsSchema = z.object({ id: z.uuid({ message: 'Company not found' }) });
export const ViewAsBodySchema = z.object({ memberId: z.uuid({ message: viewAsMessages.memberNotFound }) });

/** Who a staff session is viewing the store as: the banner's words and when it ends. */
export const ViewingSchema = z.object({
  staffName: z.string(),
  memberName: z.string(),
  businessName: z.string(),
  companyId: z.string(),
  endsAt: z.string(),
});
export type Viewing = z.infer<typeof ViewingSchema>;

export const ViewAsStartedSchema = z.object({ message: z.string(), viewing: ViewingSchema });
