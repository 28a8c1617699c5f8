import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadedImageSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { PDF } from '#tests/multipart.ts';
import { startTestS3, type TestS3 } from '#tests/s3-server.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { uploadDocument, uploadPicture } from '#tests/uploads.ts';
import { type ObjectStore, readObject } from './object-store.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3?.close());

/**
 * Pictures and buyers' documents through the app, the same on both back ends: the data directory
 * (the default) and a bucket on a real S3-protocol server.
 */
describe.each([
  ['data directory', (): ObjectStore | undefined => undefined],
  ['S3 bucket', (): ObjectStore | undefined => s3.store(`app-${randomBytes(4).toString('hex')}`)],
] as const)('files through the app: %s', (_, makeStore) => {
  const clock = testClock();
  let t: TestContext;
  let storage: ObjectStore;
  const { call, staffWithTotp, newStaff } = staffHelpers(() => t, clock);
  beforeAll(async () => {
    t = await createTestApp({ clock, storage: makeStore() });
    storage = t.app.storage;
  });
  afterAll(async () => t?.close());

  const upload = (cookie: string, kind: string, content: Buffer, filename?: string) =>
    uploadDocument(t.app, cookie, kind, content, filename);
  const storedKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const o of storage.list(prefix)) keys.push(o.key);
    return keys.sort();
  };
  const tempFiles = () => {
    const dir = path.join(t.privateDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('a picture upload is stored under media/ and served at /media with a year of caching', async () => {
    const staff = await staffWithTotp();
    const res = await uploadPicture(t.app, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { renditions } = UploadedImageSchema.parse(res.json());
    for (const url of Object.values(renditions)) {
      const key = url.slice(1);
      const stored = await storage.get(key);
      expect(stored, key).not.toBeNull();
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(await readObject(stored!))).toBe(true);
      const etag = served.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    }
    for (const url of [
      '/media/catalogue/none.0123456789ab.webp',
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/%2e%2e/private/documents/x',
      '/media/',
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    // A name longer than a file system allows: the static server says 403, the bucket route 404.
    const long = (await t.app.inject({ url: `/media/${'x'.repeat(600)}.webp` })).statusCode;
    expect([403, 404]).toContain(long);
    // A NUL or half a surrogate pair in the path is refused by the input rule, as everywhere.
    for (const url of ['/media/catalogue/a%00b.webp', '/media/catalogue/%ED%A0%80.webp'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(400);
  });

  it('a document streams into private/, only its owner and verified staff read it back', async () => {
    const owner = await signUpBuyer(t.app);
    const other = await signUpBuyer(t.app);
    const content = Buffer.concat([PDF, randomBytes(2 * 1024 * 1024)]);
    const res = await upload(owner.cookie, 'sales_id', content);
    expect(res.statusCode, res.body).toBe(200);
    const keys = await storedKeys(`private/documents/${owner.user.id}/`);
    expect(keys).toHaveLength(1);
    expect(tempFiles()).toEqual([]);

    const mine = await t.app.inject({
      url: '/api/v1/account/documents/sales_id',
      headers: { cookie: owner.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.rawPayload.equals(content)).toBe(true);
    expect((await t.app.inject({ url: '/api/v1/account/documents/sales_id' })).statusCode).toBe(401);
    const others = await t.app.inject({
      url: '/api/v1/account/documents/sales_id',
      headers: { cookie: other.cookie },
    });
    expect(others.statusCode).toBe(404);
    // No route serves the private folder as media.
    expect((await t.app.inject({ url: `/media/../${keys[0]}` })).statusCode).toBe(404);

    const [doc] = await t.database.query<{ id: number }>(
      "select id from documents where user_id = $1 and kind = 'sales_id'",
      [owner.user.id],
    );
    const url = `/api/v1/admin/documents/${doc!.id}/file`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, owner.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, await (await newStaff()).signIn())).statusCode).toBe(401);
    const staff = await staffWithTotp();
    const preview = await call('GET', url, staff.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(content)).toBe(true);
  });

  it('an oversize upload is cut off at 8 MB and stores nothing; a new upload replaces the old file', async () => {
    const buyer = await signUpBuyer(t.app);
    const big = await upload(
      buyer.cookie,
      'tobacco_license',
      Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024 + 10)]),
    );
    expect(big.statusCode).toBe(413);
    expect(await storedKeys(`private/documents/${buyer.user.id}/`)).toEqual([]);
    expect(tempFiles()).toEqual([]);

    expect((await upload(buyer.cookie, 'tobacco_license', PDF)).statusCode).toBe(200);
    const first = await storedKeys(`private/documents/${buyer.user.id}/`);
    const second = Buffer.concat([PDF, Buffer.from('second')]);
    expect((await upload(buyer.cookie, 'tobacco_license', second)).statusCode).toBe(200);
    const after = await storedKeys(`private/documents/${buyer.user.id}/`);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(first);
    expect((await readObject((await storage.get(after[0]!))!)).equals(second)).toBe(true);
  });

  it('a document row whose file the store lost answers 404, not 500', async () => {
    const buyer = await signUpBuyer(t.app);
    expect((await upload(buyer.cookie, 'sales_id', PDF)).statusCode).toBe(200);
    for (const key of await storedKeys(`private/documents/${buyer.user.id}/`)) await storage.remove(key);
    const res = await t.app.inject({
      url: '/api/v1/account/documents/sales_id',
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
