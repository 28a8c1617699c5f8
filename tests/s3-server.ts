import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver: a real S3-protocol server (signatures checked, XML answers) in this process.
import S3rver from 's3rver';
import { S3ObjectStore } from '../src/server/storage/s3-object-store.ts';

/** s3rver's own access key; it checks request signatures against it. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** http://127.0.0.1:port */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for a folder of the bucket. */
  storageUrl(prefix?: string): string;
  /** A store on a folder of the bucket. */
  store(prefix?: string, opts?: { listPageSize?: number }): S3ObjectStore;
  /** Environment for a child process using the bucket (credentials the usual way). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port) with one empty bucket; `close` stops it and removes its files. */
export async function startTestS3(bucket = 'smokestack-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'smokestack-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const storageUrl = (prefix = '') =>
    `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;
  const stores: S3ObjectStore[] = [];
  return {
    endpoint,
    bucket,
    storageUrl,
    store(prefix = '', opts = {}) {
      const store = new S3ObjectStore(
        { bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true },
        { credentials: S3_TEST_CREDENTIALS },
        opts,
      );
      stores.push(store);
      return store;
    },
    env: {
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      AWS_REGION: 'us-east-1',
    },
    async close() {
      for (const store of stores) store.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
