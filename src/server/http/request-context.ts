import type { Db } from '#server/db/client.ts';
import type { ActiveSession } from '#server/modules/accounts/active-session.ts';

/**
 * The request, as a service sees it (Vendure's services take a RequestContext the same way): the
 * time it is handled at, the client's address and who is signed in. It carries no dependencies: a
 * service names those it uses beside it (`ctx: BuyerContext & { pricing: PricingCache }`), and a
 * route passes its `req.ctx` (plugins/request-context.ts), which has them all.
 */
export interface RequestContext {
  /** The clock read once for the request: every rule in it sees the same moment. */
  readonly now: Date;
  readonly ip: string;
  /** The signed-in session if any, looked up at most once per request. */
  session(): Promise<ActiveSession | null>;
  /**
   * Who is looking, for public reads that show a signed-in buyer their own prices: the session's
   * user id, remembered for a few seconds between requests (see findViewer). Never for access.
   */
  viewerId(): Promise<string | null>;
  /** The session behind the cookie as this instance last found it valid (see `signedInCheckedInStatement`). */
  rememberedSession(): ActiveSession | undefined;
  /** The signed-in actor of a guarded route (the guard put it there). */
  readonly actor: ActiveSession;
  /** `actor.user.id`, as services that record who did something read it. */
  readonly userId: string;
  /** The staff member acting, on staff routes (the same id as userId). */
  readonly staffId: string;
  /** The actor's company (decision 015); null for staff. */
  readonly companyId: string | null;
  /**
   * On staff routes, the staff member whose assigned companies are all this request may see (a
   * sales rep, decision 016), or null when the role sees every company.
   */
  readonly companyScope: string | null;
}

/** The database, which most services use. */
export interface WithDb {
  db: Db;
}

/** What a buyer-facing service needs: the database, the time and who is asking. */
export type BuyerContext = Pick<RequestContext, 'now' | 'userId'> & WithDb;
/** A buyer-facing service that reads the company's records (its orders): who, and for which company. */
export type MemberContext = BuyerContext & Pick<RequestContext, 'companyId'>;
/** What a staff service that records who did it needs. */
export type StaffContext = Pick<RequestContext, 'now' | 'staffId'> & WithDb;
/** A staff service that reads or changes companies' records, limited to a sales rep's own. */
export type ScopedStaffContext = StaffContext & Pick<RequestContext, 'companyScope'>;
