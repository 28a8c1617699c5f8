import { createHash } from 'node:crypto';
import path from 'node:path';
import { contentTypeOf, isObjectKey, type ObjectStore, type StoredObject } from './object-store.ts';
import { StorageUnavailable } from './storage-failure.ts';

/** A file to store under a name made of `baseName`, its content hash and `ext`. */
export interface HashedFile {
  baseName: string;
  ext: string;
  data: string | Buffer;
}

function hashedPath(folder: string, { baseName, ext, data }: HashedFile): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return path.posix.join(folder, `${baseName}.${hash}.${ext}`);
}

/**
 * Public media (catalogue pictures, banners) under the store's `media/` folder, served at
 * /media/*. Names carry a content hash, so they are cached as immutable: a changed picture gets
 * a new URL.
 */
export class MediaStore {
  constructor(readonly objects: ObjectStore) {}

  /** Stores `data` under `folder`, named by its content hash; returns the public URL. */
  async putHashed(folder: string, baseName: string, ext: string, data: string | Buffer): Promise<string> {
    const rel = hashedPath(folder, { baseName, ext, data });
    await this.objects.put(`media/${rel}`, { data }, contentTypeOf(rel));
    return `/media/${rel}`;
  }

  /**
   * Stores several files (a picture's renditions) all or none, returning their URLs in order. When
   * one cannot be stored, the ones this call stored before it are removed again; a name that was
   * already there (the same bytes uploaded before) is left, as another picture may use it.
   */
  async putAllHashed(folder: string, files: readonly HashedFile[]): Promise<string[]> {
    const created: string[] = [];
    try {
      const urls: string[] = [];
      for (const file of files) {
        const rel = hashedPath(folder, file);
        const key = `media/${rel}`;
        const existed = (await this.objects.size(key)) !== null;
        await this.objects.put(key, { data: file.data }, contentTypeOf(rel));
        if (!existed) created.push(key);
        urls.push(`/media/${rel}`);
      }
      return urls;
    } catch (err) {
      const removing = Promise.all(created.map((key) => this.objects.remove(key).catch(() => {})));
      // A bucket that does not answer would hold the answer for another round of timeouts, to
      // remove what is likely not there: that is left to run on its own. Files no row names are
      // all a failed removal leaves.
      if (!(err instanceof StorageUnavailable && err.trouble === 'object-store')) await removing;
      throw err;
    }
  }

  /** A picture by the path after /media/, or null when there is none (or the path is not ours). */
  async open(rel: string): Promise<StoredObject | null> {
    const key = `media/${rel}`;
    return isObjectKey(key) ? this.objects.get(key) : null;
  }
}
