import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#tests/s3-server.ts';
import { DiskObjectStore, type ObjectStore, readObject } from './object-store.ts';
import { openObjectStore } from './open-storage.ts';
import { parseS3Url } from './s3-object-store.ts';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-objects-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function keysUnder(store: ObjectStore, prefix: string) {
  const found: { key: string; size: number }[] = [];
  for await (const o of store.list(prefix)) found.push(o);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** The same contract, run against the data directory and against a real S3-protocol server. */
describe.each([
  ['data directory', () => DiskObjectStore.inDataDir(mkdtempSync(path.join(dir, 'disk-')))],
  ['S3 bucket', () => s3.store(`run-${randomBytes(4).toString('hex')}`, { listPageSize: 3 })],
] as const)('object store contract: %s', (_, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });

  it('puts bytes and reads the same bytes back, with their size and a media type', async () => {
    const data = randomBytes(5000);
    await store.put('media/catalogue/a.0123456789ab.webp', { data }, 'image/webp');
    const got = await store.get('media/catalogue/a.0123456789ab.webp');
    expect(got).not.toBeNull();
    expect(got!.size).toBe(5000);
    expect(got!.contentType).toBe('image/webp');
    expect((await readObject(got!)).equals(data)).toBe(true);
    expect(await store.size('media/catalogue/a.0123456789ab.webp')).toBe(5000);
  });

  it('streams a file from disk (3 MB) and a put replaces what was there', async () => {
    const file = path.join(dir, `upload-${randomBytes(4).toString('hex')}`);
    const big = randomBytes(3 * 1024 * 1024);
    writeFileSync(file, big);
    await store.put('private/documents/u1/doc', { data: 'old' }, 'application/pdf');
    await store.put('private/documents/u1/doc', { file, size: big.length }, 'application/pdf');
    const got = await store.get('private/documents/u1/doc');
    expect(got!.size).toBe(big.length);
    expect((await readObject(got!)).equals(big)).toBe(true);
  });

  it('answers null for what is not there; removing twice is fine', async () => {
    expect(await store.get('private/documents/nobody/none')).toBeNull();
    expect(await store.size('media/none.webp')).toBeNull();
    await store.put('private/documents/u2/gone', { data: 'x' }, 'application/pdf');
    await store.remove('private/documents/u2/gone');
    await store.remove('private/documents/u2/gone');
    expect(await store.get('private/documents/u2/gone')).toBeNull();
  });

  it('lists every object under a folder with its size, across pages, and nothing from another folder', async () => {
    for (let i = 0; i < 7; i++)
      await store.put(`media/list/p${i}.webp`, { data: 'x'.repeat(i + 1) }, 'image/webp');
    await store.put('private/documents/u3/l', { data: 'secret' }, 'application/pdf');
    const listed = await keysUnder(store, 'media/list/');
    expect(listed).toEqual(
      Array.from({ length: 7 }, (_, i) => ({ key: `media/list/p${i}.webp`, size: i + 1 })),
    );
    expect((await keysUnder(store, 'private/')).map((o) => o.key)).toContain('private/documents/u3/l');
    expect((await keysUnder(store, 'media/')).some((o) => o.key.startsWith('private/'))).toBe(false);
  });

  it('refuses keys that are not ours: parent steps, absolute paths, empty or hidden segments', async () => {
    for (const key of [
      '../x',
      'media/../private/x',
      '/etc/passwd',
      '',
      'media//x',
      'media/.hidden',
      'media/a\u0000b',
    ])
      await expect(store.put(key, { data: 'x' }, 'text/plain'), JSON.stringify(key)).rejects.toThrow(
        'bad storage key',
      );
    await expect(store.get('media/../../etc/passwd')).rejects.toThrow('bad storage key');
  });
});

describe('S3 specifics', () => {
  it('two folders of one bucket do not see each other', async () => {
    const a = s3.store('tenant-a');
    const b = s3.store('tenant-b');
    await a.put('media/one.webp', { data: 'a' }, 'image/webp');
    expect(await b.get('media/one.webp')).toBeNull();
    expect(await keysUnder(b, 'media/')).toEqual([]);
    expect(await keysUnder(a, 'media/')).toEqual([{ key: 'media/one.webp', size: 1 }]);
  });

  it('reads STORAGE_URL: bucket, folder, endpoint and region; never credentials in the URL', async () => {
    expect(parseS3Url('s3://shop-files/prod?region=us-west-2')).toEqual({
      bucket: 'shop-files',
      prefix: 'prod',
      region: 'us-west-2',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(parseS3Url('s3://b?endpoint=http%3A%2F%2F127.0.0.1%3A9000')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: '',
    });
    expect(() => parseS3Url('s3://key:secret@bucket')).toThrow('must not hold credentials');
    expect(() => parseS3Url('s3://bucket?acl=public-read')).toThrow('unknown setting "acl"');
    const disk = await openObjectStore(undefined, dir);
    expect(disk).toBeInstanceOf(DiskObjectStore);
    expect((disk as DiskObjectStore).root('private')).toBe(path.join(dir, 'private'));
  });

  it("a bucket that is not there fails on first use with the server's answer", async () => {
    const missing = new (await import('./s3-object-store.ts')).S3ObjectStore(
      {
        bucket: 'no-such-bucket',
        prefix: '',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
      },
      { credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    );
    await expect(missing.put('media/x.webp', { data: 'x' }, 'image/webp')).rejects.toThrow(/bucket/i);
    missing.close();
  });
});
