import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '#server/errors.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import {
  type ActiveSession,
  findViewer,
  rememberedSession,
} from '#server/modules/accounts/session.service.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import {
  COMPANY_ROLES,
  type CompanyRole,
  MANAGING_ROLES,
  ORDERING_ROLES,
} from '#shared/companies/companies.rules.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { type Permission, seesOwnCompaniesOnly, staffMay } from '#shared/staff/staff-roles.ts';
import { getSession, Unauthorized } from './auth.ts';
import { viewedSession } from '#server/modules/accounts/view-as-session.ts';
import { viewAsMessages } from '#shared/accounts/view-as.schemas.ts';

/**
 * Who may call a route, declared once on the route (`config: { access }`) or for a whole route
 * file (`defaultAccess`), and checked in `onRequest`, before the body is read:
 * - `signedIn`: any signed-in user (a buyer, or staff using the storefront) — else 401;
 * - `staffSignedIn`: staff signed in with their password, even a one-time one, second factor not
 *   given yet (who they are) — anonymous 401, a buyer 403;
 * - `staffOwnPassword`: the same, once they chose their own password (the second-factor steps) —
 *   a one-time password 403;
 * - `staff`: staff whose session gave its second factor and who chose their own password (the
 *   console) — anonymous 401, a buyer 403, no second factor 401, a one-time password 403.
 * - `signedInCheckedInStatement`: as `signedIn`, but a session this instance found valid lately is
 *   taken from memory without a query (`actor.remembered`): the route's own statement must check
 *   it again (`sessionCheck`) and look it up when that fails — placing an order, whose one statement
 *   is then its only round trip.
 * Routes without one are public; they may still read `ctx.session()` (who is signed in, if anyone).
 * A staff route also names the `permission` it needs (shared/staff/staff-roles.ts, decision 016):
 * a role without it is refused 403, after the second factor; a staff route that names none is
 * refused to everyone (staff-roles.test.ts reads every console route and finds it).
 */
export type Access =
  | 'signedIn'
  | 'signedInCheckedInStatement'
  | 'staffSignedIn'
  | 'staffOwnPassword'
  | 'staff';

/**
 * Which members of a company may call a route (decision 015, step 3), checked by the guard after
 * `access` (which it implies as `signedIn` when a route declares none), from the session's member
 * row: another role is refused 403 with a message that says why. `nonMembers` says what a login
 * with no company (staff) gets: `refuse` (403: a company's own pages) or `pass` (the storefront a
 * staff member uses as themselves, their own cart and lists, whose services decide as before).
 */
export interface CompanyRoles {
  roles: readonly CompanyRole[];
  nonMembers: 'refuse' | 'pass';
}
/** A company's pages every member reads. */
export const ANY_MEMBER: CompanyRoles = { roles: COMPANY_ROLES, nonMembers: 'refuse' };
/** A company's pages only its owners change. */
export const OWNERS: CompanyRoles = { roles: MANAGING_ROLES, nonMembers: 'refuse' };
/** What a member who orders does (cart, checkout, lists, alerts, uploads): never a viewer. */
export const ORDERING: CompanyRoles = { roles: ORDERING_ROLES, nonMembers: 'pass' };
/** What only a member who orders does for the company itself (accepting a quote): never a viewer, never staff. */
export const ORDERING_MEMBERS: CompanyRoles = { roles: ORDERING_ROLES, nonMembers: 'refuse' };
/** The company's address book: its owners (open question 4); staff are refused by its service. */
export const OWNERS_OR_NON_MEMBERS: CompanyRoles = { roles: MANAGING_ROLES, nonMembers: 'pass' };

/**
 * What a route handler's `req.ctx` is: the request (time, address, session, actor; see
 * http/request-context.ts) over the module dependencies. A handler passes it to a service, which
 * declares in its own signature the request fields and the dependencies it uses, and no more.
 */
export type AppContext = RequestContext & ModuleDeps;

declare module 'fastify' {
  interface FastifyRequest {
    ctx: AppContext;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Which members of a company may call it (see CompanyRoles). */
    companyRoles?: CompanyRoles;
    /** On a staff route, what the staff member's role must include (see Access). */
    permission?: Permission;
    /** What an anonymous caller of a guarded route is told (401); "Please sign in to continue." by default. */
    signInMessage?: string;
    /** A read staff viewing the store as a buyer may not make (a buyer's own documents; decision 016, part 5). */
    notWhileViewing?: boolean;
    /** A POST that only reads (its body is a question): staff viewing the store as a buyer may make it. */
    readsOnly?: boolean;
  }
}

const kContext = Symbol('requestContext');
const kActor = Symbol('actor');
type WithContext = FastifyRequest & { [kContext]?: AppContext; [kActor]?: ActiveSession };

/**
 * The class of this app's request contexts. The module dependencies sit on its prototype, so a
 * request's context is a few fields of its own (the time, the request) rather than a copy of every
 * dependency: a grouped buyer's catalogue read builds one per request (bench: `npm run bench`).
 */
function contextClass(deps: ModuleDeps) {
  class Context {
    readonly now: Date;
    readonly #req: WithContext;
    constructor(req: WithContext) {
      this.#req = req;
      this.now = deps.clock();
    }
    get ip() {
      return this.#req.ip;
    }
    #session?: Promise<ActiveSession | null>;
    /**
     * The session; on a storefront route, a staff session viewing the store as a member is that
     * member's (decision 016, part 5). Console routes always have the staff member.
     */
    session() {
      this.#session ??= getSession(this.#req, deps.db, deps.cookie, this.now).then(async (s) =>
        s?.user.role === 'staff' && !isConsoleRoute(this.#req)
          ? ((await viewedSession(deps.db, s, this.now)) ?? s)
          : s,
      );
      return this.#session;
    }
    viewerId() {
      return findViewer(deps.db, this.#req.cookies[deps.cookie.name], this.now);
    }
    rememberedSession() {
      return rememberedSession(this.#req.cookies[deps.cookie.name], this.now);
    }
    get actor(): ActiveSession {
      const a = this.#req[kActor];
      // A handler reading the actor on a route that declared no access is a bug, not a 401.
      if (!a)
        throw new Error(
          `no signed-in actor on ${this.#req.method} ${this.#req.routeOptions.url}: declare its access`,
        );
      return a;
    }
    get userId() {
      return this.actor.user.id;
    }
    get staffId() {
      return this.actor.user.id;
    }
    get companyId() {
      return this.actor.company?.id ?? null;
    }
    get companyScope() {
      const { user } = this.actor;
      return user.staffRole && seesOwnCompaniesOnly(user.staffRole) ? user.id : null;
    }
  }
  Object.setPrototypeOf(Context.prototype, deps);
  return Context as unknown as new (
    req: WithContext,
  ) => AppContext;
}

/** Why a member may not call a route with these roles, or null when they may. */
function roleRefusal(s: ActiveSession, companyRoles: CompanyRoles): DomainError | null {
  if (!s.member)
    return companyRoles.nonMembers === 'pass' ? null : new DomainError(403, companyMessages.membersOnly);
  if ((companyRoles.roles as readonly string[]).includes(s.member.role)) return null;
  const ownersOnly = !(companyRoles.roles as readonly string[]).includes('buyer');
  return new DomainError(403, ownersOnly ? companyMessages.ownerOnly : companyMessages.viewerReadOnly);
}

/**
 * The guard for one access level and, when the route names them, the company roles: resolves
 * the session and refuses what they do not allow. A session taken from memory whose remembered
 * role is refused is looked up again (the role may have changed since; place_order checks a
 * remembered role that is let through).
 */
async function guard(ctx: RequestContext, rule: RouteRule): Promise<ActiveSession> {
  const { access, companyRoles } = rule;
  if (access === 'signedInCheckedInStatement') {
    const known = ctx.rememberedSession();
    // Staff are looked up: their session may be viewing the store as a buyer, read only.
    if (known && known.user.role !== 'staff' && (!companyRoles || !roleRefusal(known, companyRoles)))
      return known;
  }
  const s = await signedInAs(ctx, access, rule.signInMessage);
  if (s.viewing && (rule.write || rule.notWhileViewing))
    throw new DomainError(
      403,
      rule.write ? viewAsMessages.readOnly(s.user.name) : viewAsMessages.noDocuments,
    );
  const refused = companyRoles && roleRefusal(s, companyRoles);
  if (refused) throw refused;
  if (access.startsWith('staff')) {
    const role = s.user.staffRole;
    if (!role || !rule.permission || !staffMay(role, rule.permission))
      throw new DomainError(403, adminMessages.roleRefused);
  }
  return s;
}

/** What a route declares of who may call it (its config). */
interface RouteRule {
  access: Access;
  /** Not a read (GET, HEAD): refused while viewing the store as a buyer. */
  write?: boolean;
  notWhileViewing?: boolean;
  signInMessage?: string;
  companyRoles?: CompanyRoles;
  permission?: Permission;
}

async function signedInAs(ctx: RequestContext, access: Access, signInMessage?: string) {
  const s = await ctx.session();
  if (!s) throw signInMessage ? new DomainError(401, signInMessage) : new Unauthorized();
  if (access === 'signedIn' || access === 'signedInCheckedInStatement') return s;
  if (s.user.role !== 'staff') throw new DomainError(403, adminMessages.staffOnly);
  if (access === 'staffSignedIn') return s;
  if (access === 'staff' && !s.session.secondFactorAt)
    throw new DomainError(401, adminMessages.secondFactorRequired);
  // Staff still on a one-time password may only choose a new one (/auth/change-password).
  if (s.user.passwordChangeRequired) throw new DomainError(403, adminMessages.passwordChangeFirst);
  return s;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CONSOLE = '/api/v1/admin';
/** Signing out ends the staff session, and with it any view as a buyer: always let through. */
const SIGN_OUT = '/api/v1/auth/signout';

/** A console route: its session is always the staff member's own, never a view as a buyer. */
function isConsoleRoute(req: FastifyRequest): boolean {
  const url = req.routeOptions.url ?? '';
  return url === CONSOLE || url.startsWith(`${CONSOLE}/`);
}

async function refuseWhileViewing(ctx: RequestContext): Promise<void> {
  const s = await ctx.session();
  if (s?.viewing) throw new DomainError(403, viewAsMessages.readOnly(s.user.name));
}

export function registerRequestContext(app: FastifyInstance, deps: ModuleDeps): void {
  const Context = contextClass(deps);
  // Built on first use: a catalogue read that never asks for it costs nothing.
  app.decorateRequest('ctx', {
    getter(this: WithContext) {
      this[kContext] ??= new Context(this);
      return this[kContext];
    },
  });
  // A callback hook: public routes (the catalogue's hot paths) pass straight through, no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const { access, signInMessage, companyRoles, permission, notWhileViewing, readsOnly } =
      req.routeOptions.config ?? {};
    const write = !READS.has(req.method) && !readsOnly;
    if (!access && !companyRoles) {
      if (
        !write ||
        isConsoleRoute(req) ||
        !req.cookies[deps.cookie.name] ||
        req.routeOptions.url === SIGN_OUT
      )
        return done();
      // A public write (signing in, the newsletter…) by a session viewing the store as a buyer.
      refuseWhileViewing(req.ctx).then(
        () => done(),
        (err: Error) => done(err),
      );
      return;
    }
    const rule = {
      access: access ?? 'signedIn',
      signInMessage,
      companyRoles,
      permission,
      write,
      notWhileViewing,
    };
    guard(req.ctx, rule).then(
      (actor) => {
        (req as WithContext)[kActor] = actor;
        done();
      },
      (err: Error) => done(err),
    );
  });
}

/** Every route a plugin registers from here on gets this access unless it declares its own. */
export function defaultAccess(app: FastifyInstance, access: Access, signInMessage?: string): void {
  app.addHook('onRoute', (route) => {
    route.config = {
      ...route.config,
      access: route.config?.access ?? access,
      signInMessage: route.config?.signInMessage ?? signInMessage,
    };
  });
}

/**
 * The console's routes of a plugin: staff with their second factor, whose role includes this
 * permission unless a route names its own (decision 016).
 */
export function staffRoutes(app: FastifyInstance, permission: Permission): void {
  defaultAccess(app, 'staff');
  defaultPermission(app, permission);
}

/** Every staff route a plugin registers from here on needs this permission unless it names its own. */
export function defaultPermission(app: FastifyInstance, permission: Permission): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: route.config?.permission ?? permission };
  });
}

/**
 * Every route a plugin registers from here on that is not a read (GET, HEAD) gets these company
 * roles unless it declares its own: the buyer's writes of a file (cart, lists, alerts, orders, uploads).
 */
export function writesFor(app: FastifyInstance, companyRoles: CompanyRoles): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    route.config = { ...route.config, companyRoles: route.config?.companyRoles ?? companyRoles };
  });
}
