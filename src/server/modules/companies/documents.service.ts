import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { staffNewUploadMail } from '#server/modules/mail/templates.ts';
import { staffWantingUploads } from '#server/modules/staff/staff-notifications.service.ts';
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { memberCompanySql } from './company-sql.ts';
import type { Db } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { DomainError, Invalid, NotFound, Unavailable } from '#server/errors.ts';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import type { StoredObject } from '#server/storage/object-store.ts';
import { IncompleteUpload, type PrivateStore } from '#server/storage/private-store.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { Document, DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import {
  DOCUMENT_LABELS,
  effectiveDocumentStatus,
  type StoredDocumentStatus,
} from '#shared/accounts/document-status.ts';
import { isoDay } from '#shared/dates.ts';
import { companyOf, markCompanyCompleted } from './company.service.ts';
import { addresses, type DocumentRow, documents } from './locations.table.ts';
import { detectDocumentType, safeDisplayName } from '#server/modules/accounts/file-type.ts';

/** What storing a buyer's document needs: who, when, the database and the private store. */
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { profileChanged } from '#server/modules/accounts/profile-events.ts';

export type DocumentsContext = Pick<RequestContext, 'now' | 'userId'> & {
  db: Db;
  privateStore: PrivateStore;
};

export function documentView(d: DocumentRow, now = new Date()): Document {
  return {
    kind: d.kind as DocumentKind,
    status: effectiveDocumentStatus(d.status as StoredDocumentStatus, d.expiresOn, isoDay(now)),
    expiresOn: d.expiresOn,
    originalName: d.originalName,
    contentType: d.contentType,
    size: d.size,
    md5Hash: d.md5,
    timeCreated: d.createdAt.toISOString(),
    updated: d.updatedAt.toISOString(),
    note: d.note,
  };
}

/**
 * The company's own documents (no location), or one location's own, as a condition: the company
 * found through the member in the same statement, so another company's location finds nothing.
 */
const documentsOf = (userId: string, locationId: string | null = null) =>
  and(
    eq(documents.companyId, memberCompanySql(userId)),
    locationId === null ? isNull(documents.locationId) : eq(documents.locationId, locationId),
  )!;

/** The documents of the member's company (its own, standing for every location). */
export async function listDocuments(db: Db, userId: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(documentsOf(userId));
}

const failed = (kind: DocumentKind) => new DomainError(500, accountMessages.uploadFailed(kind));

/** Steps 1 and 2 of an upload: the file received, checked by content and put under a new key of ours. */
async function storeFile(ctx: DocumentsContext, kind: DocumentKind, part: MultipartFile) {
  let received: Awaited<ReturnType<PrivateStore['receive']>>;
  try {
    received = await ctx.privateStore.receive(part.file);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError(413, accountMessages.fileTooLarge);
    if (err instanceof IncompleteUpload) throw new Invalid(accountMessages.uploadFailed(kind));
    if (err instanceof Unavailable) throw err;
    throw failed(kind);
  }
  const { temp, size, md5 } = received;
  if (part.file.truncated) {
    await ctx.privateStore.discard(temp);
    throw new DomainError(413, accountMessages.fileTooLarge);
  }
  if (size === 0) {
    await ctx.privateStore.discard(temp);
    throw new Invalid(accountMessages.uploadMissing(kind));
  }
  const type = detectDocumentType(await ctx.privateStore.readTemp(temp));
  if (!type) {
    await ctx.privateStore.discard(temp);
    throw new Invalid(accountMessages.wrongFileType);
  }
  const key = `documents/${ctx.userId}/${randomUUID()}`;
  try {
    await ctx.privateStore.commit(temp, size, key, type.contentType);
  } catch (err) {
    // A put that fails leaves nothing under the key: S3 makes an object only of a whole upload,
    // the disk renames a complete file into place.
    await ctx.privateStore.discard(temp);
    if (err instanceof Unavailable) throw err;
    throw failed(kind);
  }
  return { key, size, md5, type };
}

/** A pending document's staff notice stands for this long: a new upload within it mails nobody. */
const HOUR_MS = 3_600_000;

/**
 * Stores a Sales ID or tobacco license (SPEC §4): streamed to a temporary file with the 8 MB
 * limit enforced while streaming, checked by content, then moved under a key of ours. A new
 * upload replaces the old one and resets the state to pending (verified and the re-upload
 * request both cleared); it also completes the profile. On any failure nothing is kept.
 *
 * Steps, so that no row ever names a file the store does not have:
 * 1. receive into the temporary folder: a full or failing disk is a 503, the partial file removed;
 * 2. put the file under a new key (never the old one's): a store that is down or does not answer
 *    in time is a 503, no row is written, and the earlier document (row and file) stays as it was;
 * 3. write the row in a transaction: if that fails, the new file is removed again;
 * 4. only then remove the earlier document's file (if that fails, an unused file is left behind,
 *    never a row without its file).
 */
export async function uploadDocument(
  ctx: DocumentsContext & { events: UserEventBus; mail: MailSettings },
  {
    kind,
    part,
    locationId = null,
  }: { kind: DocumentKind; part: MultipartFile | undefined; locationId?: string | null },
): Promise<DocumentRow> {
  const { userId } = ctx;
  if (!part) throw new Invalid(accountMessages.uploadMissing(kind));
  // Documents are a business's: a login without a company (staff) has none to upload.
  const membership = await companyOf(ctx.db, userId);
  if (!membership) throw new DomainError(403, accountMessages.businessAccountOnly);
  const companyId = membership.company.id;
  // A location's own: it must be the company's (another's is as unknown as a made-up id).
  const location = locationId === null ? null : await locationOf(ctx.db, companyId, locationId);
  const { key, size, md5, type } = await storeFile(ctx, kind, part);
  try {
    const { row, previousKey } = await ctx.db.transaction(async (tx) => {
      // The location stays until this commits (removing it waits, then takes the document along).
      if (location) await locationOf(tx, companyId, location.id, 'share');
      const [previous] = await tx
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.companyId, companyId),
            location ? eq(documents.locationId, location.id) : isNull(documents.locationId),
            eq(documents.kind, kind),
          ),
        );
      // The uploader is kept; on the company's own also as `user_id`, by which the release before
      // reads them (a location's leaves it null, so that release's one-per-user index never meets it).
      const values = {
        userId: location ? null : userId,
        uploadedBy: userId,
        storageKey: key,
        originalName: safeDisplayName(part.filename),
        contentType: type.contentType,
        size,
        md5,
        status: 'pending',
        reviewerId: null,
        note: null,
        expiresOn: null,
        updatedAt: ctx.now,
      };
      const [saved] = await tx
        .insert(documents)
        .values({ ...values, companyId, locationId: location?.id ?? null, kind, createdAt: ctx.now })
        .onConflictDoUpdate(
          location
            ? {
                target: [documents.locationId, documents.kind],
                targetWhere: isNotNull(documents.locationId),
                set: { ...values, createdAt: ctx.now },
              }
            : {
                target: [documents.companyId, documents.kind],
                targetWhere: isNull(documents.locationId),
                set: { ...values, createdAt: ctx.now },
              },
        )
        .returning();
      // Uploading completes the company's profile.
      const { businessName } = await markCompanyCompleted(tx, companyId, ctx.now);
      // Staff who chose it hear of the upload, in the same transaction as the row they will review:
      // once while it waits, so a buyer uploading again and again within the hour mails them once.
      const told =
        previous?.status === 'pending' && ctx.now.getTime() - previous.updatedAt.getTime() < HOUR_MS;
      for (const to of told ? [] : await staffWantingUploads(tx))
        await enqueueMail(
          tx,
          staffNewUploadMail(
            ctx.mail.storeName,
            to,
            location ? `${businessName} (${locationLabel(location)})` : businessName,
            DOCUMENT_LABELS[kind],
            `${ctx.mail.publicUrl}/admin/verification`,
          ),
          ctx.now,
        );
      return { row: saved!, previousKey: previous?.storageKey };
    });
    if (previousKey && previousKey !== key) await ctx.privateStore.remove(previousKey).catch(() => {});
    ctx.mail.kick();
    await profileChanged(ctx);
    return row;
  } catch (err) {
    // The database out of reach is a 503 like any other request's (try again soon), not a failed
    // upload; and the row may have been committed just before the connection broke, so the new
    // file stays (an unused file is harmless; a row naming a removed one is not).
    if (isDatabaseUnavailable(err)) throw err;
    await ctx.privateStore.remove(key).catch(() => {});
    if (err instanceof DomainError) throw err;
    throw failed(kind);
  }
}

/** A location of the company (optionally held until the transaction ends), or 404 as an unknown id. */
async function locationOf(db: Db, companyId: string, id: string, lock?: 'share') {
  const query = db
    .select({ id: addresses.id, name: addresses.name, streetAddress: addresses.streetAddress })
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw new NotFound(accountMessages.addressNotFound);
  return row;
}

/** Who uploaded a document (the release before wrote only `user_id`): its buyer, mailed about it. */
export const uploaderIdSql = sql`coalesce(${documents.uploadedBy}, ${documents.userId})`;

/** What a location is called: its name, else its street (decision 015). */
export const locationLabel = (l: { name: string; streetAddress: string }) => l.name || l.streetAddress;

export async function findDocument(
  { db, userId }: Pick<RequestContext, 'userId'> & WithDb,
  kind: DocumentKind,
  locationId: string | null = null,
): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(documentsOf(userId, locationId), eq(documents.kind, kind)));
  if (!row) throw new NotFound(accountMessages.documentNotFound);
  return row;
}

/** A document's stored bytes; a row whose file the store no longer has is a 404, not a 500. */
export async function openDocumentFile(store: PrivateStore, doc: DocumentRow): Promise<StoredObject> {
  const object = await store.open(doc.storageKey);
  if (!object) throw new NotFound(accountMessages.documentNotFound);
  return object;
}
