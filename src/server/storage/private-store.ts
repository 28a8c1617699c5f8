import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore, StoredObject } from './object-store.ts';
import { diskFailure, rethrowDiskError } from './storage-failure.ts';
import type { StorageHealth } from './storage-health.ts';

/**
 * Private files (buyers' documents) under the store's `private/` folder (DATA_DIR/private or the
 * bucket's): never served by the static file server nor public in a bucket, read only through
 * authorised routes. Keys are made here, never from user input. An upload streams to a temporary
 * file on this machine (`tmpDir`) while its size is counted, so an oversize body is cut off and
 * nothing reaches the store; only a checked file is put there. A full or failing disk under
 * `tmpDir` is a `StorageUnavailable` (503), told to `health` (logged once while it lasts).
 */
export class PrivateStore {
  constructor(
    readonly objects: ObjectStore,
    readonly tmpDir: string,
    readonly health?: StorageHealth,
  ) {}

  private key(key: string): string {
    if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(key)) throw new Error('bad storage key');
    return `private/${key}`;
  }

  /**
   * Streams an upload to a temporary file, hashing as it goes. The caller checks the result
   * (size limit, content type) and then `commit`s it under a key or `discard`s it.
   */
  async receive(stream: Readable): Promise<{ temp: string; size: number; md5: string }> {
    if (!this.health) return this.receiveToDisk(stream);
    return this.health.watch(['disk-full', 'disk'], () => this.receiveToDisk(stream));
  }

  private async receiveToDisk(stream: Readable): Promise<{ temp: string; size: number; md5: string }> {
    await mkdir(this.tmpDir, { recursive: true }).catch(rethrowDiskError);
    const temp = path.join(this.tmpDir, randomUUID());
    const md5 = createHash('md5');
    let size = 0;
    let sourceFailed = false;
    let diskFailedFirst = false;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      md5.update(chunk);
    });
    stream.once('error', () => {
      sourceFailed = true;
    });
    // Whichever side fails first is the cause: the pipeline then breaks the other side with the
    // same error, so a full disk also "breaks" the sender's stream, and a cut connection the file.
    const file = createWriteStream(temp, { mode: 0o600 });
    file.once('error', () => {
      diskFailedFirst = !sourceFailed;
    });
    try {
      await pipeline(stream, file);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => {});
      const ours = diskFailedFirst ? diskFailure(err) : null;
      if (ours) throw ours;
      // The sender's stream broke (a cut connection, a truncated multipart body): their fault, not ours.
      const broken = sourceFailed || stream.errored !== null;
      if (broken && !(err as { code?: string }).code?.startsWith('FST_')) throw new IncompleteUpload(err);
      throw err;
    }
    return { temp, size, md5: md5.digest('base64') };
  }

  /** A received file's bytes (at most the upload limit), to tell its type. */
  readTemp(temp: string): Promise<Buffer> {
    return readFile(temp);
  }

  async discard(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }

  /** Puts a received file under `key` (streamed from disk) and removes the temporary file. */
  async commit(temp: string, size: number, key: string, contentType: string): Promise<void> {
    try {
      await this.objects.put(this.key(key), { file: temp, size }, contentType);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    await this.objects.remove(this.key(key));
  }

  /** The document's bytes, or null when the store has lost them. */
  open(key: string): Promise<StoredObject | null> {
    return this.objects.get(this.key(key));
  }
}

/** The upload stopped before its end: the request was cut off or malformed. */
export class IncompleteUpload extends Error {
  constructor(cause: unknown) {
    super('The upload ended before the file was complete', { cause });
    this.name = 'IncompleteUpload';
  }
}
