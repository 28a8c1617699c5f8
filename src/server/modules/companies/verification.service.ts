import { and, asc, count, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { DomainError, Invalid, NotFound } from '#server/errors.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { documentVerifiedMail, reuploadRequestedMail } from '#server/modules/mail/templates.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { verificationMessages } from '#shared/accounts/accounts.messages.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import { formatDay, isoDay } from '#shared/dates.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { addresses, type DocumentRow, documents } from './locations.table.ts';
import { locationLabel, uploaderIdSql } from './documents.service.ts';
import { businessNameOf } from './company-sql.ts';
import { tellMembers } from './company.service.ts';

/**
 * The verification queue: documents waiting for review, oldest upload first, with their buyer
 * and, for a location's own, the location (staff verify per location, decision 015).
 */
export async function verificationQueue({ db }: WithDb) {
  const rows = await db
    .select({
      doc: documents,
      buyerId: users.id,
      name: users.name,
      businessName: businessNameOf(),
      email: users.email,
      locationName: addresses.name,
      street: addresses.streetAddress,
      state: addresses.state,
    })
    .from(documents)
    .innerJoin(users, eq(users.id, uploaderIdSql))
    .leftJoin(addresses, eq(addresses.id, documents.locationId))
    .where(eq(documents.status, 'pending'))
    .orderBy(asc(documents.updatedAt), asc(documents.id))
    .limit(200);
  return rows.map(({ doc, buyerId, name, businessName, email, locationName, street, state }) => ({
    id: doc.id,
    kind: doc.kind as DocumentKind,
    originalName: doc.originalName,
    contentType: doc.contentType,
    size: doc.size,
    uploadedAt: doc.updatedAt.toISOString(),
    buyer: { id: buyerId, name, businessName, email },
    companyId: doc.companyId,
    location:
      doc.locationId && street !== null
        ? {
            id: doc.locationId,
            name: locationLabel({ name: locationName ?? '', streetAddress: street }),
            state: state!,
          }
        : null,
  }));
}

/**
 * The documents standing for a location (null: the company's own), as a condition on `documents`:
 * of each kind, the location's own when it has one, else the company's (as place_order reads them).
 */
const standingFor = (locationId: string | null) =>
  sql`("documents"."location_id" = ${locationId}::uuid or ("documents"."location_id" is null and not exists (
    select 1 from documents o_s where o_s.location_id = ${locationId}::uuid and o_s.kind = "documents"."kind")))`;

/** How many documents wait for review (the console's menu shows it). */
export async function documentsToVerify({ db }: WithDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.status, 'pending'));
  return row?.n ?? 0;
}

export async function findDocumentById({ db }: WithDb, id: string): Promise<DocumentRow> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id));
  if (!doc) throw new NotFound(verificationMessages.documentNotFound);
  return doc;
}

const reviewView = (d: DocumentRow) => ({
  status: d.status,
  documentNumber: d.documentNumber,
  issuingState: d.issuingState,
  expiresOn: d.expiresOn,
  note: d.note,
});

/** A document review: staff acting now, the buyer's open pages told after it commits. */
type ReviewContext = StaffContext & { events: UserEventBus };

/**
 * Marks a pending document verified with what staff read on it. Only a pending document (the
 * upload staff looked at) can change: a buyer's new upload meanwhile makes it pending again
 * with a new updated_at, and two staff clicking at once change it once.
 */
export async function verifyDocument(
  ctx: ReviewContext & { mail: MailSettings },
  id: string,
  input: { documentNumber: string; issuingState: string; expiresOn: string },
): Promise<DocumentRow> {
  if (input.expiresOn < isoDay(ctx.now)) throw new Invalid(verificationMessages.expiryPast);
  const verified = await ctx.db.transaction(async (tx) => {
    const before = await findDocumentById({ db: tx }, id);
    const [after] = await tx
      .update(documents)
      .set({
        status: 'verified',
        documentNumber: input.documentNumber,
        issuingState: input.issuingState,
        expiresOn: input.expiresOn,
        note: null,
        reviewerId: ctx.staffId,
        reviewedAt: ctx.now,
      })
      .where(and(eq(documents.id, id), eq(documents.status, 'pending')))
      .returning();
    if (!after) throw new DomainError(409, verificationMessages.notPending);
    // The mail goes to whoever uploaded it; the count is of the documents standing for its
    // location (the company's own for the company's).
    const [buyer] = await tx
      .select()
      .from(users)
      .where(eq(users.id, after.uploadedBy ?? after.userId!));
    const verifiedKinds = await tx
      .select({ kind: documents.kind })
      .from(documents)
      .where(
        and(
          eq(documents.companyId, after.companyId),
          standingFor(after.locationId),
          eq(documents.status, 'verified'),
          // A document verified without an expiry counts as valid, as place_order reads it.
          or(isNull(documents.expiresOn), gte(documents.expiresOn, isoDay(ctx.now))),
        ),
      );
    await enqueueMail(
      tx,
      documentVerifiedMail(
        ctx.mail.storeName,
        buyer!.email,
        buyer!.name,
        DOCUMENT_LABELS[after.kind as DocumentKind],
        formatDay(input.expiresOn),
        verifiedKinds.length === DOCUMENT_KINDS.length,
        `${ctx.mail.publicUrl}/account?p=My%20Profile`,
      ),
      ctx.now,
    );
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'document.verified',
        entity: 'document',
        entityId: id,
        before: reviewView(before),
        after: reviewView(after),
      },
      ctx.now,
    );
    return after;
  });
  ctx.mail.kick();
  // The buyer's open profile page shows Verified without a reload.
  await tellMembers(ctx, verified.companyId, 'profile');
  return verified;
}

/** Asks the buyer for a new upload (the spec's request flag), with a note that is emailed to them. */
export async function requestReupload(
  ctx: ReviewContext & { mail: MailSettings },
  id: string,
  note: string,
): Promise<DocumentRow> {
  const after = await ctx.db.transaction(async (tx) => {
    const before = await findDocumentById({ db: tx }, id);
    const [row] = await tx
      .update(documents)
      .set({ status: 'reupload_requested', note, reviewerId: ctx.staffId, reviewedAt: ctx.now })
      .where(and(eq(documents.id, id), eq(documents.status, 'pending')))
      .returning();
    if (!row) throw new DomainError(409, verificationMessages.notPending);
    const [buyer] = await tx
      .select()
      .from(users)
      .where(eq(users.id, row.uploadedBy ?? row.userId!));
    await enqueueMail(
      tx,
      reuploadRequestedMail(
        ctx.mail.storeName,
        buyer!.email,
        buyer!.name,
        DOCUMENT_LABELS[row.kind as DocumentKind],
        note,
        `${ctx.mail.publicUrl}/account?p=My%20Profile`,
      ),
      ctx.now,
    );
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'document.reupload_requested',
        entity: 'document',
        entityId: id,
        before: reviewView(before),
        after: reviewView(row),
      },
      ctx.now,
    );
    return row;
  });
  ctx.mail.kick();
  await tellMembers(ctx, after.companyId, 'profile');
  return after;
}
