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
import { StorageUnavailable } from './storage-failure.ts';

/**
 * How long the store waits for a bucket before it gives up and answers 503. The SDK's own
 * defaults wait without limit (a server that accepts the connection and never answers holds an
 * upload for ever) and try three times.
 */
export interface S3Timeouts {
  /** Setting up the connection (TCP and TLS). */
  connectMs: number;
  /**
   * One attempt, from sending the request to the answer's headers: includes sending a put's body
   * (a document is at most 8 MB).
   */
  requestMs: number;
  /** A connection with no bytes either way, for instance a download that stalls halfway. */
  idleMs: number;
  /** Attempts per operation (1 = no retry); a retry waits a fraction of a second. */
  attempts: number;
}

/**
 * Production values: an operation gives up after at most attempts × requestMs (30 s) plus the
 * retry's short wait; a server that refuses connections fails within a second.
 */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, requestMs: 15_000, idleMs: 20_000, attempts: 2 };

/** STORAGE_URL settings that override S3_TIMEOUTS: name → field, and the range allowed. */
const TIMEOUT_SETTINGS = {
  connectTimeoutMs: ['connectMs', 100, 120_000],
  requestTimeoutMs: ['requestMs', 100, 600_000],
  idleTimeoutMs: ['idleMs', 100, 600_000],
  maxAttempts: ['attempts', 1, 10],
} as const satisfies Record<string, [keyof S3Timeouts, number, number]>;

/** Where a bucket is and how to reach it, read from STORAGE_URL. */
export interface S3Location {
  bucket: string;
  /** A folder inside the bucket that every key is put under ('' for none). */
  prefix: string;
  endpoint?: string;
  region?: string;
  forcePathStyle: boolean;
  /** S3_TIMEOUTS unless set. */
  timeouts?: Partial<S3Timeouts>;
}

/**
 * `s3://bucket[/prefix][?endpoint=…&region=…&forcePathStyle=true]`, and optionally the timeouts
 * (`connectTimeoutMs`, `requestTimeoutMs`, `idleTimeoutMs`, `maxAttempts`; S3_TIMEOUTS otherwise).
 * Credentials are never in the URL: the SDK reads them the usual way (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, or the instance's role); the endpoint may also come from
 * AWS_ENDPOINT_URL_S3.
 */
export function parseS3Url(url: string): S3Location {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error('STORAGE_URL must look like s3://bucket/prefix');
  if (u.username || u.password)
    throw new Error('STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const known = new Set(['endpoint', 'region', 'forcePathStyle', ...Object.keys(TIMEOUT_SETTINGS)]);
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
    timeouts: parseTimeouts(u.searchParams),
  };
}

function parseTimeouts(params: URLSearchParams): Partial<S3Timeouts> | undefined {
  const timeouts: Partial<S3Timeouts> = {};
  for (const [name, [field, min, max]] of Object.entries(TIMEOUT_SETTINGS)) {
    const value = params.get(name);
    if (value === null) continue;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      throw new Error(`STORAGE_URL: ${name} must be a whole number from ${min} to ${max}`);
    timeouts[field] = n;
  }
  return Object.keys(timeouts).length ? timeouts : undefined;
}

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Whether a failed call means the bucket cannot serve us now: no answer at all (refused, reset,
 * timed out, a name that does not resolve), a server error or throttling (5xx, 429), or access
 * refused (403: credentials revoked or expired). Other answers (a missing bucket, a request the
 * server rejects) are a wrong setting or our bug and stay as they are (500, logged in full).
 */
function unavailable(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 429 || status === 403;
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
    const timeouts = { ...S3_TIMEOUTS, ...where.timeouts };
    this.client = new S3Client({
      region: where.region ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(where.endpoint ? { endpoint: where.endpoint } : {}),
      forcePathStyle: where.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: timeouts.attempts,
      requestHandler: {
        connectionTimeout: timeouts.connectMs,
        requestTimeout: timeouts.requestMs,
        // Without this the SDK only logs a warning when requestTimeout passes, and goes on waiting.
        throwOnRequestTimeout: true,
        socketTimeout: timeouts.idleMs,
      },
      ...config,
    });
  }

  /** Runs a call to the bucket; a bucket that cannot serve us now is a StorageUnavailable (503). */
  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      if (!notFound(err) && unavailable(err)) throw new StorageUnavailable('object-store', err);
      throw err;
    }
  }

  get location(): string {
    return `s3://${this.where.bucket}${this.where.prefix ? `/${this.where.prefix}` : ''}`;
  }

  private key(key: string): string {
    checkKey(key);
    return this.where.prefix ? `${this.where.prefix}/${key}` : key;
  }

  async put(key: string, body: ObjectBody, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.where.bucket,
      Key: this.key(key),
      ContentType: contentType,
      ...('data' in body
        ? { Body: body.data }
        : {
            Body: 'file' in body ? createReadStream(body.file) : body.stream,
            ContentLength: body.size,
          }),
    });
    await this.call(() => this.client.send(command));
  }

  async get(key: string): Promise<StoredObject | null> {
    const command = new GetObjectCommand({ Bucket: this.where.bucket, Key: this.key(key) });
    try {
      const out = await this.call(() => this.client.send(command));
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
    const command = new HeadObjectCommand({ Bucket: this.where.bucket, Key: this.key(key) });
    try {
      const out = await this.call(() => this.client.send(command));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.where.bucket, Key: this.key(key) });
    await this.call(() => this.client.send(command));
  }

  /**
   * Pages by marker (the last key seen), the original listing every S3-compatible server keeps;
   * some (s3rver on OpenSSL 3) cannot make ListObjectsV2's continuation tokens.
   */
  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const strip = this.where.prefix ? this.where.prefix.length + 1 : 0;
    let marker: string | undefined;
    for (;;) {
      const command = new ListObjectsCommand({
        Bucket: this.where.bucket,
        Prefix: this.where.prefix ? `${this.where.prefix}/${prefix}` : prefix,
        Marker: marker,
        MaxKeys: this.listPageSize,
      });
      const page = await this.call(() => this.client.send(command));
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
