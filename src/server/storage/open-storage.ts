import { fileURLToPath } from 'node:url';
import { DiskObjectStore, type ObjectStore } from './object-store.ts';
import { underlyingError } from './storage-failure.ts';

/**
 * The object store STORAGE_URL names: unset (or `file:`) is the data directory, `file:///dir` another
 * directory, `s3://bucket/prefix?…` a bucket. The S3 client loads only when a bucket is used.
 */
export async function openObjectStore(storageUrl: string | undefined, dataDir: string): Promise<ObjectStore> {
  if (!storageUrl || storageUrl === 'file:') return DiskObjectStore.inDataDir(dataDir);
  if (storageUrl.startsWith('file://')) return DiskObjectStore.inDataDir(fileURLToPath(storageUrl));
  const { S3ObjectStore, parseS3Url } = await import('./s3-object-store.ts');
  return new S3ObjectStore(parseS3Url(storageUrl));
}

/**
 * Lists one page of the media folder: a wrong bucket, endpoint or key fails here, at start-up, with
 * the underlying error (not the 503 message a buyer would see).
 */
export async function probeObjectStore(objects: ObjectStore): Promise<void> {
  try {
    for await (const _ of objects.list('media/')) break;
  } catch (err) {
    throw underlyingError(err);
  }
}
