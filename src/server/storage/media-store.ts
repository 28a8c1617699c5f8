import { createHash } from 'node:crypto';
import path from 'node:path';
import { contentTypeOf, isObjectKey, type ObjectStore, type StoredObject } from './object-store.ts';

/**
 * Public media (catalogue pictures, banners) under the store's `media/` folder, served at
 * /media/*. Names carry a content hash, so they are cached as immutable: a changed picture gets
 * a new URL.
 */
export class MediaStore {
  constructor(readonly objects: ObjectStore) {}

  /** Stores `data` under `folder`, named by its content hash; returns the public URL. */
  async putHashed(folder: string, baseName: string, ext: string, data: string | Buffer): Promise<string> {
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
    const rel = path.posix.join(folder, `${baseName}.${hash}.${ext}`);
    await this.objects.put(`media/${rel}`, { data }, contentTypeOf(rel));
    return `/media/${rel}`;
  }

  /** A picture by the path after /media/, or null when there is none (or the path is not ours). */
  async open(rel: string): Promise<StoredObject | null> {
    const key = `media/${rel}`;
    return isObjectKey(key) ? this.objects.get(key) : null;
  }
}
