import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '#server/errors.ts';
import {
  type ActiveSession,
  findViewer,
  rememberedSession,
} from '#server/modules/accounts/session.service.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { getSession, Unauthorized } from './auth.ts';

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
 */
export type Access =
  | 'signedIn'
  | 'signedInCheckedInStatement'
  | 'staffSignedIn'
  | 'staffOwnPassword'
  | 'staff';

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
    /** What an anonymous caller of a guarded route is told (401); "Please sign in to continue." by default. */
    signInMessage?: string;
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
    session() {
      return getSession(this.#req, deps.db, deps.cookie, this.now);
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
  }
  Object.setPrototypeOf(Context.prototype, deps);
  return Context as unknown as new (
    req: WithContext,
  ) => AppContext;
}

/** The guard for one access level: resolves the session and refuses what the level does not allow. */
async function guard(ctx: RequestContext, access: Access, signInMessage?: string): Promise<ActiveSession> {
  if (access === 'signedInCheckedInStatement') {
    const known = ctx.rememberedSession();
    if (known) return known;
  }
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
    const { access, signInMessage } = req.routeOptions.config ?? {};
    if (!access) return done();
    guard(req.ctx, access, signInMessage).then(
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
