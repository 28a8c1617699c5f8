import type { BuyerContext } from '#server/http/request-context.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';

/** A change to the buyer's account (profile, addresses, documents), told to their open pages. */
export type ProfileChangeContext = BuyerContext & { events: UserEventBus };

/** After the change commits: the buyer's other open pages read their profile again. */
export const profileChanged = (ctx: { events: UserEventBus; userId: string }) =>
  ctx.events.publish(ctx.userId, 'profile');
