import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Public media (catalogue images, banners) on the local disk under DATA_DIR/media, served at
 * /media/*. File names carry a content hash, so the server can cache them as immutable.
 */
export class MediaStore {
  constructor(readonly root: string) {}

  /** Stores `data` under `folder`, named by its content hash; returns the public URL. */
  async putHashed(folder: string, baseName: string, ext: string, data: string | Buffer): Promise<string> {
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
    const rel = path.posix.join(folder, `${baseName}.${hash}.${ext}`);
    const abs = path.join(this.root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, data);
    return `/media/${rel}`;
  }
}
