import { createWriteStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMissingFile, rethrowDiskError } from './storage-failure.ts';

/** An object as read back: its bytes as a stream, their count and (when known) their type. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType?: string;
  etag?: string;
}

/**
 * What to store: bytes in memory, a file on this machine's disk, or a stream of a known length
 * (both streamed, never loaded whole).
 */
export type ObjectBody =
  | { data: Buffer | string }
  | { file: string; size: number }
  | { stream: Readable; size: number };

/**
 * Where files live: the data directory (default) or an S3-compatible bucket (STORAGE_URL).
 * Keys are ours, never a user's: `media/…` (catalogue pictures, public) and `private/…` (buyers'
 * documents, served only through authorised routes). Both back ends keep the same contract,
 * tested by `object-store.test.ts` against the disk and against a real S3-protocol server.
 * When the disk or the bucket fails (full, an I/O error, unreachable, no answer in time), every
 * method throws `StorageUnavailable` (a 503), never an error that would answer 500.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Where, for people: a directory or `s3://bucket/prefix`. */
  readonly location: string;
  put(key: string, body: ObjectBody, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Its size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes it; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /** Every object under `prefix` (a folder such as `media/`), in no set order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  close(): void;
}

/** Segments of letters, digits, dot, dash and underscore; none empty, none starting with a dot. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isObjectKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function checkKey(key: string): string {
  if (!isObjectKey(key)) throw new Error('bad storage key');
  return key;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** The content type a media name's extension stands for. */
export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The data directory as an object store: each top-level folder of a key (`media`, `private`) maps
 * to a directory of its own, so tests may share one seeded media folder and keep documents apart.
 * A put lands under a temporary name and is renamed into place: readers never see half a file.
 */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk';

  constructor(readonly roots: Readonly<Record<string, string>>) {}

  /** The data directory's usual layout: DATA_DIR/media and DATA_DIR/private. */
  static inDataDir(dataDir: string): DiskObjectStore {
    return new DiskObjectStore({
      media: path.join(dataDir, 'media'),
      private: path.join(dataDir, 'private'),
    });
  }

  get location(): string {
    return Object.values(this.roots).join(', ');
  }

  /** The directory a top-level folder lives in. */
  root(folder: string): string {
    const dir = this.roots[folder];
    if (!dir) throw new Error(`no directory for storage folder "${folder}"`);
    return dir;
  }

  private file(key: string): string {
    const [folder, ...rest] = checkKey(key).split('/');
    if (rest.length === 0) throw new Error('bad storage key');
    return path.join(this.root(folder!), ...rest);
  }

  async put(key: string, body: ObjectBody, _contentType: string): Promise<void> {
    const target = this.file(key);
    const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      if ('data' in body) await writeFile(temp, body.data, { mode: 0o600 });
      else if ('file' in body) await copyFile(body.file, temp);
      else await pipeline(body.stream, createWriteStream(temp, { mode: 0o600 }));
      await rename(temp, target);
    } catch (err) {
      // A full disk leaves a partial `.part` behind unless it goes now (removing needs no space).
      await rm(temp, { force: true }).catch(() => {});
      rethrowDiskError(err);
    }
  }

  /**
   * Opens the file before answering, so a file that is there but cannot be read (an I/O error,
   * permissions, too many open files) fails here as a 503, not halfway through a response.
   */
  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(file, 'r');
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: s.size, contentType: contentTypeOf(key) };
    } catch (err) {
      await handle?.close().catch(() => {});
      // A folder opens on Linux and fails on read: not an object either.
      if (isMissingFile(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      rethrowDiskError(err);
    }
  }

  async size(key: string): Promise<number | null> {
    const file = this.file(key);
    try {
      const s = await stat(file);
      return s.isFile() ? s.size : null;
    } catch (err) {
      if (isMissingFile(err)) return null;
      rethrowDiskError(err);
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true }).catch(rethrowDiskError);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const [folder, ...rest] = prefix.replace(/\/+$/, '').split('/');
    const dir = this.roots[folder!];
    if (!dir) return;
    yield* walk(path.join(dir, ...rest), [folder!, ...rest].join('/'));
  }

  close(): void {}
}

async function* walk(dir: string, keyPrefix: string): AsyncIterable<{ key: string; size: number }> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissingFile(err)) return;
    rethrowDiskError(err);
  }
  for (const entry of entries) {
    const key = `${keyPrefix}/${entry.name}`;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, key);
    // Half-written files (`.part`) and anything not named as we name keys are not objects.
    else if (entry.isFile() && !entry.name.endsWith('.part') && isObjectKey(key))
      yield { key, size: (await stat(full).catch(rethrowDiskError)).size };
  }
}

/** Reads a whole object (small ones: tests, checks). */
export async function readObject(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
