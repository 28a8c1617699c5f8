import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkKey, type ObjectBody, type ObjectStore, type StoredObject } from './object-store.ts';

/** Where a bucket is and how to reach it, read from STORAGE_URL. */
export interface S3Location {
  bucket: string;
  /** A folder inside the bucket that every key is put under ('' for none). */
  prefix: string;
  endpoint?: string;
  region?: string;
  forcePathStyle: boolean;
}

/**
 * `s3://bucket[/prefix][?endpoint=…&region=…&forcePathStyle=true]`. Credentials are never in the
 * URL: the SDK reads them the usual way (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile,
 * or the instance's role); the endpoint may also come from AWS_ENDPOINT_URL_S3.
 */
export function parseS3Url(url: string): S3Location {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error('STORAGE_URL must look like s3://bucket/prefix');
  if (u.username || u.password)
    throw new Error('STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const name of u.searchParams.keys())
    if (!known.has(name)) throw new Error(`STORAGE_URL: unknown setting "${name}"`);
  const pathStyle = u.searchParams.get('forcePathStyle');
  return {
    bucket: u.hostname,
    prefix: decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint: u.searchParams.get('endpoint') ?? undefined,
    region: u.searchParams.get('region') ?? undefined,
    // A custom endpoint (MinIO, Ceph, R2, a test server) usually wants path-style addresses.
    forcePathStyle: pathStyle === null ? Boolean(u.searchParams.get('endpoint')) : pathStyle === 'true',
  };
}

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * A bucket as the object store. Objects are put with no ACL (the bucket's own, private, applies):
 * buyers' documents are read only through the app's authorised routes, and pictures through
 * `/media/…` with a year's caching (a CDN in front may cache them). Checksums are computed only
 * where the API requires them, so S3-compatible servers without the newer checksum headers work.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  private readonly listPageSize: number | undefined;

  constructor(
    readonly where: S3Location,
    config: S3ClientConfig = {},
    opts: { listPageSize?: number } = {},
  ) {
    this.listPageSize = opts.listPageSize;
    this.client = new S3Client({
      region: where.region ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(where.endpoint ? { endpoint: where.endpoint } : {}),
      forcePathStyle: where.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...config,
    });
  }

  get location(): string {
    return `s3://${this.where.bucket}${this.where.prefix ? `/${this.where.prefix}` : ''}`;
  }

  private key(key: string): string {
    checkKey(key);
    return this.where.prefix ? `${this.where.prefix}/${key}` : key;
  }

  async put(key: string, body: ObjectBody, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.where.bucket,
        Key: this.key(key),
        ContentType: contentType,
        ...('data' in body
          ? { Body: body.data }
          : {
              Body: 'file' in body ? createReadStream(body.file) : body.stream,
              ContentLength: body.size,
            }),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.where.bucket, Key: this.key(key) }),
      );
      return {
        stream: out.Body as Readable,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType,
        etag: out.ETag,
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.where.bucket, Key: this.key(key) }),
      );
      return out.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.where.bucket, Key: this.key(key) }));
  }

  /**
   * Pages by marker (the last key seen), the original listing every S3-compatible server keeps;
   * some (s3rver on OpenSSL 3) cannot make ListObjectsV2's continuation tokens.
   */
  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const strip = this.where.prefix ? this.where.prefix.length + 1 : 0;
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.where.bucket,
          Prefix: this.where.prefix ? `${this.where.prefix}/${prefix}` : prefix,
          Marker: marker,
          MaxKeys: this.listPageSize,
        }),
      );
      const contents = page.Contents ?? [];
      for (const o of contents) if (o.Key) yield { key: o.Key.slice(strip), size: o.Size ?? 0 };
      marker = contents.at(-1)?.Key;
      if (!page.IsTruncated || !marker) return;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
