import type { SessionRow, UserRow } from './accounts.table.ts';

/** A signed-in session and its user, as the request's guard found them (session.service.ts). */
export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
  /** Taken from memory on trust, to be checked by the route's own statement (see rememberedSession). */
  remembered?: true;
}
