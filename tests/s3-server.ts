import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver: a real S3-protocol server (signatures checked, XML answers) in this process.
import S3rver from 's3rver';
import { S3ObjectStore, type S3Timeouts } from '../src/server/storage/s3-object-store.ts';

/** s3rver's own access key; it checks request signatures against it. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** http://127.0.0.1:port */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for a folder of the bucket. */
  storageUrl(prefix?: string): string;
  /** A store on a folder of the bucket (with its own timeouts, as an outage test wants them short). */
  store(prefix?: string, opts?: { listPageSize?: number; timeouts?: Partial<S3Timeouts> }): S3ObjectStore;
  /** Environment for a child process using the bucket (credentials the usual way). */
  env: Record<string, string>;
  /** Stops the server as a crash would: every connection dropped, requests in flight cut off. */
  stop(): Promise<void>;
  /**
   * Stops the server (as `stop`) the moment a request that `match`es arrives, before it is
   * answered: a server that goes down in the middle of an upload. Resolves once it is down.
   */
  stopOnRequest(match: (method: string, url: string) => boolean): Promise<void>;
  /** Starts it again on the same port with the same files. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port) with one empty bucket; `close` stops it and removes its files. */
export async function startTestS3(bucket = 'smokestack-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'smokestack-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { server, address: (await server.run()) as AddressInfo };
  };
  let { server, address } = await serve(0);
  let running = true;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const storageUrl = (prefix = '') =>
    `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;
  const stores: S3ObjectStore[] = [];
  const stop = async () => {
    if (!running) return;
    running = false;
    server.httpServer?.closeAllConnections();
    await server.close();
  };
  return {
    endpoint,
    bucket,
    storageUrl,
    store(prefix = '', opts = {}) {
      const store = new S3ObjectStore(
        { bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, timeouts: opts.timeouts },
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
    stop,
    stopOnRequest(match) {
      return new Promise((resolve, reject) => {
        const http = server.httpServer!;
        const onRequest = (req: { method?: string; url?: string }) => {
          if (!match(req.method ?? '', req.url ?? '')) return;
          http.off('request', onRequest);
          stop().then(resolve, reject);
        };
        http.on('request', onRequest);
      });
    },
    async restart() {
      if (running) return;
      ({ server, address } = await serve(address.port));
      running = true;
    },
    async close() {
      for (const store of stores) store.close();
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface HungS3 {
  endpoint: string;
  /** A store on it (credentials as for s3rver, never checked: nothing is ever answered). */
  store(timeouts: Partial<S3Timeouts>): S3ObjectStore;
  /** Connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A server that accepts TCP connections, reads whatever is sent and never answers: an object
 * store that hangs (overloaded, a half-dead load balancer, a firewall that lets SYN through).
 */
export async function startHungS3(): Promise<HungS3> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stores: S3ObjectStore[] = [];
  return {
    endpoint,
    store(timeouts) {
      const store = new S3ObjectStore(
        { bucket: 'hung', prefix: '', endpoint, region: 'us-east-1', forcePathStyle: true, timeouts },
        { credentials: S3_TEST_CREDENTIALS },
      );
      stores.push(store);
      return store;
    },
    get connections() {
      return connections;
    },
    async close() {
      for (const store of stores) store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
