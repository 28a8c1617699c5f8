import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadedImageSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { messages } from '#shared/messages.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { captureLog } from '#tests/log-capture.ts';
import { PDF } from '#tests/multipart.ts';
import { type HungS3, startHungS3, startTestS3, type TestS3 } from '#tests/s3-server.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { uploadDocument, uploadPicture } from '#tests/uploads.ts';
import { DiskObjectStore, type ObjectStore, readObject } from './object-store.ts';
import { parseS3Url, S3_TIMEOUTS } from './s3-object-store.ts';
import { STORAGE_TROUBLE_ENDED, STORAGE_TROUBLE_STARTED } from './storage-health.ts';

/**
 * Object storage that goes down or hangs, and a disk that cannot be read: every upload and read
 * that needs it answers 503 with Retry-After and the store's message, no row ever names a file
 * the store does not have, the rest of the store goes on answering, and the log says so once.
 */

const menu = (t: TestContext) => t.app.inject({ url: '/api/v1/catalogue/menu' });

async function keysUnder(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys.sort();
}

function tempFiles(t: TestContext): string[] {
  const dir = path.join(t.privateDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

function expectUnavailable(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('30');
  expect(JSON.parse(res.body)).toEqual({ message: messages.storageUnavailable });
}

describe('STORAGE_URL timeouts', () => {
  it('are read from the URL, each in its range; the rest keep the production values', () => {
    const where = parseS3Url('s3://shop/files?requestTimeoutMs=5000&maxAttempts=1&connectTimeoutMs=800');
    expect(where.timeouts).toEqual({ requestMs: 5000, attempts: 1, connectMs: 800 });
    expect({ ...S3_TIMEOUTS, ...where.timeouts }.idleMs).toBe(S3_TIMEOUTS.idleMs);
    expect(parseS3Url('s3://shop/files').timeouts).toBeUndefined();
    for (const bad of ['requestTimeoutMs=0', 'maxAttempts=11', 'idleTimeoutMs=5s', 'connectTimeoutMs='])
      expect(() => parseS3Url(`s3://shop?${bad}`), bad).toThrow(/must be a whole number/);
  });
});

describe('object storage stops in the middle of an upload', () => {
  const clock = testClock();
  const log = captureLog();
  let s3: TestS3;
  let t: TestContext;
  let bucket: ObjectStore;
  const { staffWithTotp } = staffHelpers(() => t, clock);
  beforeAll(async () => {
    s3 = await startTestS3();
    // Short timeouts: a refused connection fails at once anyway; these bound anything slower.
    const timeouts = { connectMs: 2_000, requestMs: 5_000, idleMs: 5_000, attempts: 2 };
    t = await createTestApp({ clock, storage: s3.store('outage', { timeouts }), logger: log.logger });
    bucket = s3.store('outage');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('answers 503, keeps the earlier document (row and file), reads answer 503, the rest of the store answers', async () => {
    const buyer = await signUpBuyer(t.app);
    const staff = await staffWithTotp();
    const first = Buffer.concat([PDF, Buffer.from('the first license')]);
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', first)).statusCode).toBe(200);
    const picture = await uploadPicture(t.app, staff.cookie, { width: 700, height: 500 });
    expect(picture.statusCode, picture.body).toBe(200);
    const pictureUrl = UploadedImageSchema.parse(picture.json()).image.url;
    const rowBefore = await documentRow(buyer.user.id);
    const mediaBefore = await keysUnder(bucket, 'media/');

    // The bucket goes down as the replacement's PUT arrives, with most of its 3 MB still unsent.
    const down = s3.stopOnRequest((method, url) => method === 'PUT' && url.includes('/private/documents/'));
    const second = Buffer.concat([PDF, randomBytes(3 * 1024 * 1024)]);
    expectUnavailable(await uploadDocument(t.app, buyer.cookie, 'sales_id', second));
    await down;

    // While it is down: uploads and reads of its files answer 503; the catalogue answers.
    expectUnavailable(await uploadPicture(t.app, staff.cookie, { width: 710, height: 500 }));
    expectUnavailable(await downloadDocument(buyer.cookie));
    expectUnavailable(await t.app.inject({ url: pictureUrl }));
    expect((await menu(t)).statusCode).toBe(200);
    expect(await documentRow(buyer.user.id)).toEqual(rowBefore);
    expect(tempFiles(t)).toEqual([]);
    // Four refusals, one line.
    expect(log.matching(STORAGE_TROUBLE_STARTED['object-store'])).toHaveLength(1);
    expect(log.matching(STORAGE_TROUBLE_ENDED['object-store'])).toHaveLength(0);

    await s3.restart();
    // The row still names the earlier file, and the bucket has it. (s3rver may keep the cut-off
    // PUT's bytes under the new key, which no row names; S3 makes an object only of a whole body.)
    expect(await documentRow(buyer.user.id)).toEqual(rowBefore);
    expect(await bucket.size(`private/${rowBefore.storage_key}`)).toBe(first.length);
    expect(await keysUnder(bucket, 'media/')).toEqual(mediaBefore);
    const again = await downloadDocument(buyer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first)).toBe(true);
    expect((await t.app.inject({ url: pictureUrl })).statusCode).toBe(200);
    expect(log.matching(STORAGE_TROUBLE_ENDED['object-store'])).toHaveLength(1);

    // And uploads work again: the replacement takes the earlier one's place.
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', second)).statusCode).toBe(200);
    const rowAfter = await documentRow(buyer.user.id);
    expect(await bucket.size(`private/${rowAfter.storage_key}`)).toBe(second.length);
    expect(await bucket.size(`private/${rowBefore.storage_key}`)).toBeNull();
    expect(log.matching(STORAGE_TROUBLE_STARTED['object-store'])).toHaveLength(1);
  });

  async function documentRow(userId: string) {
    const [row] = await t.database.query<{ storage_key: string; md5: string; size: number; status: string }>(
      "select storage_key, md5, size, status from documents where user_id = $1 and kind = 'sales_id'",
      [userId],
    );
    return row!;
  }

  function downloadDocument(cookie: string) {
    return t.app.inject({ url: '/api/v1/account/documents/sales_id', headers: { cookie } });
  }
});

describe('object storage accepts connections and never answers', () => {
  const clock = testClock();
  const log = captureLog();
  let hung: HungS3;
  let t: TestContext;
  const { staffWithTotp } = staffHelpers(() => t, clock);
  // Each attempt gives up after requestMs; two attempts and the retry's short pause bound a call.
  const timeouts = { connectMs: 2_000, requestMs: 3_000, idleMs: 3_000, attempts: 2 };
  const bound = timeouts.attempts * timeouts.requestMs;
  beforeAll(async () => {
    hung = await startHungS3();
    t = await createTestApp({ clock, storage: hung.store(timeouts), logger: log.logger });
  });
  afterAll(async () => {
    await t?.close();
    await hung?.close();
  });

  it('uploads answer 503 within the timeouts, writing nothing, while the catalogue answers', {
    timeout: 120_000,
  }, async () => {
    const buyer = await signUpBuyer(t.app);
    const staff = await staffWithTotp();
    const started = Date.now();
    let settled = false;
    const uploads = Promise.all([
      uploadDocument(t.app, buyer.cookie, 'tobacco_license', PDF),
      uploadPicture(t.app, staff.cookie, { width: 720, height: 500 }),
    ]).finally(() => {
      settled = true;
    });
    // Once the bucket holds the uploads' requests, the rest of the store still answers.
    while (hung.connections < 2) await new Promise((r) => setTimeout(r, 50));
    for (const url of [
      '/api/v1/catalogue/menu',
      '/api/v1/catalogue/listing?categoryId=ALL',
      '/api/v1/catalogue/banners',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
    expect(settled, 'the uploads were still waiting on the bucket').toBe(false);

    const [document, picture] = await uploads;
    const elapsed = Date.now() - started;
    expectUnavailable(document);
    expectUnavailable(picture);
    // At least one whole attempt's timeout was waited out, and not much more than the bound
    // (generous slack: the machine is shared).
    expect(elapsed).toBeGreaterThanOrEqual(timeouts.requestMs);
    expect(elapsed).toBeLessThan(bound + 20_000);
    const rows = await t.database.query('select 1 from documents where user_id = $1', [buyer.user.id]);
    expect(rows).toEqual([]);
    expect(tempFiles(t)).toEqual([]);

    // A picture read from the bucket gives up the same way.
    expectUnavailable(await t.app.inject({ url: '/media/catalogue/shelf-full.0123456789ab.webp' }));
    expect(log.matching(STORAGE_TROUBLE_STARTED['object-store'])).toHaveLength(1);
  });
});

describe('the data directory: a file that is there but cannot be read', () => {
  const log = captureLog();
  let t: TestContext;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'smokestack-unreadable-'));
    const storage = new DiskObjectStore({
      media: path.join(root, 'media'),
      private: path.join(root, 'private'),
    });
    t = await createTestApp({ storage, logger: log.logger });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  // A link to itself cannot be opened (ELOOP) even by root, as a failing disk's EIO cannot.
  const loop = (file: string) => {
    rmSync(file, { force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    symlinkSync(path.basename(file), file);
  };

  it('answers 503 for a document and a picture, 404 for what is not there', async () => {
    const buyer = await signUpBuyer(t.app);
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', PDF)).statusCode).toBe(200);
    const [key] = await keysUnder(t.app.storage, `private/documents/${buyer.user.id}/`);
    loop(path.join(root, key!));
    loop(path.join(root, 'media/catalogue/broken.0123456789ab.webp'));

    expectUnavailable(
      await t.app.inject({ url: '/api/v1/account/documents/sales_id', headers: { cookie: buyer.cookie } }),
    );
    expectUnavailable(await t.app.inject({ url: '/media/catalogue/broken.0123456789ab.webp' }));
    const missing = await t.app.inject({ url: '/media/catalogue/none.0123456789ab.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notFound });
    expect(log.matching(STORAGE_TROUBLE_STARTED.disk)).toHaveLength(1);

    // The file back in place: it reads again.
    rmSync(path.join(root, key!));
    await t.app.storage.put(key!, { data: PDF }, 'application/pdf');
    const res = await t.app.inject({
      url: '/api/v1/account/documents/sales_id',
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await readObject((await t.app.storage.get(key!))!)).equals(PDF)).toBe(true);
  });
});
