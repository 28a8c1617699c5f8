import { Unavailable } from '#server/errors.ts';
import { messages } from '#shared/messages.ts';

/**
 * What went wrong with file storage: the local disk is full (uploads land there first), the local
 * disk failed otherwise (an I/O error, permissions, too many open files), or the bucket cannot be
 * reached or does not answer in time.
 */
export type StorageTrouble = 'disk-full' | 'disk' | 'object-store';

/**
 * Seconds a client is told to wait (Retry-After). A full disk waits for the operator to free
 * space, so asking again within seconds would only repeat the refusal.
 */
const RETRY_AFTER: Record<StorageTrouble, number> = { 'disk-full': 300, disk: 30, 'object-store': 30 };

/**
 * File storage cannot serve this request just now: a 503 with Retry-After and a message that says
 * so; the failure itself is in `cause` (for the log, never for the client).
 */
export class StorageUnavailable extends Unavailable {
  constructor(
    readonly trouble: StorageTrouble,
    cause: unknown,
  ) {
    super(trouble === 'disk-full' ? messages.storageFull : messages.storageUnavailable, RETRY_AFTER[trouble]);
    this.cause = cause;
  }
}

/** The disk has no room (or the user's quota is used up). */
const FULL = new Set(['ENOSPC', 'EDQUOT']);
/** What a missing file or folder looks like: not a failure, the object is just not there. */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

export function isMissingFile(err: unknown): boolean {
  return MISSING.has(errnoCode(err) ?? '');
}

/**
 * A file system error as the store's failure (a 503), or null for anything else: a missing file
 * (the caller decides what that means) and errors that are not the system's (a bad key: our bug).
 */
export function diskFailure(err: unknown): StorageUnavailable | null {
  if (err instanceof StorageUnavailable) return err;
  const code = errnoCode(err);
  if (!code || MISSING.has(code)) return null;
  return new StorageUnavailable(FULL.has(code) ? 'disk-full' : 'disk', err);
}

/**
 * The failure underneath a StorageUnavailable (for a command-line tool or a start-up message,
 * which should name the real cause, not the buyer's message); any other error as it is.
 */
export function underlyingError(err: unknown): unknown {
  return err instanceof StorageUnavailable && err.cause instanceof Error ? err.cause : err;
}

/** Throws `err` as the store's failure when it is one, else as it is. */
export function rethrowDiskError(err: unknown): never {
  throw diskFailure(err) ?? err;
}
