import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Private files (buyers' documents) under DATA_DIR/private: never served by the static file
 * server, read only through authenticated routes. Keys are made here, never from user input.
 */
export class PrivateStore {
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(key)) throw new Error('bad storage key');
    return path.join(this.root, key);
  }

  /**
   * Streams an upload to a temporary file, hashing as it goes. The caller checks the result
   * (size limit, content type) and then `commit`s it under a key or `discard`s it.
   */
  async receive(stream: Readable): Promise<{ temp: string; size: number; md5: string }> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const temp = path.join(tmpDir, randomUUID());
    const md5 = createHash('md5');
    let size = 0;
    let sourceFailed = false;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      md5.update(chunk);
    });
    stream.once('error', () => {
      sourceFailed = true;
    });
    try {
      await pipeline(stream, createWriteStream(temp, { mode: 0o600 }));
    } catch (err) {
      await rm(temp, { force: true });
      // The sender's stream broke (a cut connection, a truncated multipart body): their fault, not ours.
      const broken = sourceFailed || stream.errored !== null;
      if (broken && !(err as { code?: string }).code?.startsWith('FST_')) throw new IncompleteUpload(err);
      throw err;
    }
    return { temp, size, md5: md5.digest('base64') };
  }

  readTemp(temp: string): Promise<Buffer> {
    return readFile(temp);
  }

  async discard(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }

  async commit(temp: string, key: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async open(key: string): Promise<{ stream: Readable; size: number }> {
    const file = this.file(key);
    const { size } = await stat(file);
    return { stream: createReadStream(file), size };
  }
}

/** The upload stopped before its end: the request was cut off or malformed. */
export class IncompleteUpload extends Error {
  constructor(cause: unknown) {
    super('The upload ended before the file was complete', { cause });
    this.name = 'IncompleteUpload';
  }
}
