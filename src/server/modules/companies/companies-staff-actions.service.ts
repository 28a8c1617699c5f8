import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, Invalid, NotFound } from '#server/errors.ts';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { endSessionsOf } from '#server/modules/accounts/credentials.ts';
import { forgetUserSessions } from '#server/modules/accounts/session.service.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { companyMessages, companyStaffMessages } from '#shared/companies/companies.messages.ts';
import type { InviteInput } from '#shared/companies/companies.schemas.ts';
import type { CompanyNote } from '#shared/companies/companies-staff.schemas.ts';
import { companies, companyNotes } from './companies.table.ts';
import type { InvitationContext } from './companies-context.ts';
import { memberIds, tellMembers } from './company.service.ts';
import { findCompany, repIs } from './companies-staff.service.ts';
import { invite, resendInvitation } from './invitations.service.ts';
import { addresses } from './locations.table.ts';
import { removeMember } from './members.service.ts';

/** A staff change to a company: who and when, the members' open pages, prices and mail. */
export type CompanyStaffContext = ScopedStaffContext & {
  events: UserEventBus;
  pricing: PricingCache;
  mail: MailSettings;
};

/**
 * The company's own services (invitations, members) run for staff as they run for an owner: the
 * company given, the staff member as the one acting (the inviter, the audit log's actor). Built
 * field by field: the request's context keeps its fields on its prototype, which a spread drops.
 */
const actingFor = (ctx: CompanyStaffContext, companyId: string): InvitationContext => ({
  db: ctx.db,
  now: ctx.now,
  userId: ctx.staffId,
  companyId,
  events: ctx.events,
  pricing: ctx.pricing,
  mail: ctx.mail,
});

/** The company row, locked until the transaction ends (as every change of its members takes it), or 404. */
async function lockCompany(tx: Pick<Db, 'select'>, companyId: string, companyScope: string | null) {
  const [row] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), repIs(companyScope)))
    .for('update');
  if (!row) throw new NotFound(companyStaffMessages.companyNotFound);
  return row;
}

/** A staff note on the company, audited (the note itself in the entry). */
export async function addCompanyNote(
  ctx: ScopedStaffContext,
  companyId: string,
  body: string,
): Promise<CompanyNote> {
  return ctx.db.transaction(async (tx) => {
    await findCompany(tx, companyId, ctx.companyScope);
    const [note] = await tx
      .insert(companyNotes)
      .values({ companyId, authorId: ctx.staffId, body, createdAt: ctx.now })
      .returning();
    const entry = {
      actorId: ctx.staffId,
      action: 'company.note_added',
      entity: 'company',
      entityId: companyId,
    };
    await audit(tx, { ...entry, after: { noteId: note!.id, body } }, ctx.now);
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, ctx.staffId));
    return { id: note!.id, body, author: author?.name ?? '', createdAt: note!.createdAt.toISOString() };
  });
}

/** Staff invite someone to the company, as an owner would (the same rules, limits and mail). */
export async function staffInvite(ctx: CompanyStaffContext, companyId: string, input: InviteInput) {
  await findCompany(ctx.db, companyId, ctx.companyScope);
  return invite(actingFor(ctx, companyId), input);
}

/** Staff send a company's open invitation again (a new link; the old one stops working). */
export async function staffResendInvitation(
  ctx: CompanyStaffContext,
  companyId: string,
  invitationId: string,
) {
  await findCompany(ctx.db, companyId, ctx.companyScope);
  return resendInvitation(actingFor(ctx, companyId), invitationId);
}

/**
 * Staff remove a member as an owner would: their login disabled and signed out everywhere, the
 * membership kept; the company's last owner stays (said to staff in their words).
 */
export async function staffRemoveMember(ctx: CompanyStaffContext, companyId: string, userId: string) {
  const company = await findCompany(ctx.db, companyId, ctx.companyScope);
  try {
    const member = await removeMember(actingFor(ctx, companyId), userId);
    return { member, businessName: company.businessName };
  } catch (err) {
    if (err instanceof Conflict && err.message === companyMessages.lastOwner)
      throw new Conflict(companyStaffMessages.lastOwner);
    throw err;
  }
}

/**
 * Disables a company (every member's sessions end at once; sign-in and orders refused while it
 * is disabled, find_session and place_order reading `disabled_at`) or enables it again. A member
 * removed before stays disabled: that is their login's own state. False when nothing changed.
 */
export async function setCompanyDisabled(
  ctx: CompanyStaffContext,
  companyId: string,
  disabled: boolean,
): Promise<boolean> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId, ctx.companyScope);
    if (Boolean(before.disabledAt) === disabled) return false;
    await tx
      .update(companies)
      .set({ disabledAt: disabled ? ctx.now : null, updatedAt: ctx.now })
      .where(eq(companies.id, companyId));
    if (disabled) await endSessionsOf(tx, await memberIds(tx, companyId));
    const action = disabled ? 'company.disabled' : 'company.enabled';
    await audit(tx, { actorId: ctx.staffId, action, entity: 'company', entityId: companyId }, ctx.now);
    return true;
  });
  if (changed) {
    const members = await memberIds(ctx.db, companyId);
    // A request of theirs that was in flight may have remembered a session meanwhile.
    for (const id of members) forgetUserSessions(id);
    await tellMembers(ctx, companyId, 'profile');
  }
  return changed;
}

/**
 * How many locations the company may keep (1–50; the spec's 5 by default). Never below the
 * number it has: the company row is locked as the address book locks it, so a location added at
 * the same moment is counted.
 */
export async function setLocationLimit(ctx: CompanyStaffContext, companyId: string, limit: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId, ctx.companyScope);
    const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.companyId, companyId));
    const locations = row?.n ?? 0;
    if (limit < locations) throw new Invalid(companyStaffMessages.limitBelowLocations(locations), 'limit');
    await tx
      .update(companies)
      .set({ locationLimit: limit, updatedAt: ctx.now })
      .where(eq(companies.id, companyId));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'company.location_limit',
        entity: 'company',
        entityId: companyId,
        before: { locationLimit: before.locationLimit },
        after: { locationLimit: limit },
      },
      ctx.now,
    );
  });
  await tellMembers(ctx, companyId, 'profile');
  return limit;
}

/**
 * Names the sales rep who looks after the company, or none (decision 016): a staff member whose
 * role is sales. Audited with the rep before and after (not when nothing changed). Answers the
 * rep it names now.
 */
export async function setSalesRep(
  ctx: CompanyStaffContext,
  companyId: string,
  salesRepId: string | null,
): Promise<{ id: string; name: string } | null> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId, ctx.companyScope);
    const rep = async (id: string | null, onlySales: boolean) => {
      if (!id) return null;
      const [row] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(
          and(
            eq(users.id, id),
            onlySales ? and(eq(users.staffRole, 'sales'), isNull(users.disabledAt)) : undefined,
          ),
        );
      return row ?? null;
    };
    if (before.salesRepId === salesRepId) return rep(salesRepId, false);
    const now = await rep(salesRepId, true);
    if (salesRepId && !now) throw new Invalid(companyStaffMessages.notASalesRep, 'salesRepId');
    await tx.update(companies).set({ salesRepId, updatedAt: ctx.now }).where(eq(companies.id, companyId));
    // Names as they were: the log reads the same after a rep leaves.
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'company.sales_rep_set',
        entity: 'company',
        entityId: companyId,
        before: { salesRep: await rep(before.salesRepId, false) },
        after: { salesRep: now },
      },
      ctx.now,
    );
    return now;
  });
}
