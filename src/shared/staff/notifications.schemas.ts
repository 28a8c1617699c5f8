import { z } from 'zod';

/** The mail a staff member chose to get. */
export const StaffNotificationsSchema = z.object({
  /** A mail for each order placed, with its lines and a link to it. */
  newOrders: z.boolean(),
  /** A mail for each Sales ID or tobacco license a buyer uploads, with a link to the queue. */
  newUploads: z.boolean(),
});
export type StaffNotifications = z.infer<typeof StaffNotificationsSchema>;

/** A number on the console's menu: documents waiting for review, orders not yet shipped. */
export const MenuCountSchema = z.object({ count: z.number().int() });
