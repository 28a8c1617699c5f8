import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadedImageSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { messages } from '#shared/messages.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { captureLog } from '#tests/log-capture.ts';
import { PDF } from '#tests/multipart.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { uploadDocument, uploadPicture } from '#tests/uploads.ts';
import { DiskObjectStore } from './object-store.ts';
import { STORAGE_TROUBLE_ENDED, STORAGE_TROUBLE_STARTED } from './storage-health.ts';

const METRICS_TOKEN = 'disk-full-test-metrics-token';

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(dir, path.join(rel, e.name)) : [path.join(rel, e.name)]))
    .sort();
}

/** Writes `file` until the file system has no room left (ENOSPC), in smaller steps at the end. */
function fillUp(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const step of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(step, 0x5a);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * DATA_DIR on a small file system that runs out (a 4 MB tmpfs: the test needs root to mount it,
 * and is skipped with the reason when it cannot). The database stays in memory.
 */
describe('the disk under DATA_DIR fills up', () => {
  const clock = testClock();
  const log = captureLog();
  let dir: string | undefined;
  let cannotMount: string | undefined;
  let t: TestContext;
  const { staffWithTotp } = staffHelpers(() => t, clock);

  beforeAll(async () => {
    const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'smokestack-small-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint], {
        stdio: 'pipe',
      });
      dir = mountPoint;
    } catch (err) {
      rmSync(mountPoint, { recursive: true, force: true });
      const detail = (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message;
      cannotMount = `skipped: cannot mount a tmpfs (the test needs root or CAP_SYS_ADMIN): ${detail}`;
      console.warn(`disk-full.test.ts ${cannotMount}`);
      return;
    }
    const storage = new DiskObjectStore({
      media: path.join(dir, 'media'),
      private: path.join(dir, 'private'),
    });
    t = await createTestApp({
      clock,
      storage,
      logger: log.logger,
      deps: { uploadDir: path.join(dir, 'tmp', 'uploads'), metricsToken: METRICS_TOKEN },
    });
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      if (dir) {
        // Lazily, should anything still hold it: a mount is never left behind.
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  /** The metric an operator alerts on, as scraped. */
  async function fullGauge() {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return res.body.split('\n').find((l) => l.startsWith('storage_trouble{trouble="disk-full"}'));
  }

  function expectFull(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('300');
    expect(JSON.parse(res.body)).toEqual({ message: messages.storageFull });
  }

  it('refuses uploads with 503 and leaves nothing, reads go on, the log says it once each way; freed, uploads work', async (ctx) => {
    if (cannotMount) ctx.skip(cannotMount);
    const disk = dir!;
    const buyer = await signUpBuyer(t.app);
    const newcomer = await signUpBuyer(t.app);
    const staff = await staffWithTotp();
    const licence = Buffer.concat([PDF, randomBytes(200 * 1024)]);
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', licence)).statusCode).toBe(200);
    const picture = await uploadPicture(t.app, staff.cookie, { width: 640, height: 480 });
    expect(picture.statusCode, picture.body).toBe(200);
    const pictureUrl = UploadedImageSchema.parse(picture.json()).image.url;
    const rowOf = async (userId: string) =>
      t.database.query('select storage_key, md5, status from documents where user_id = $1', [userId]);
    const buyerRow = await rowOf(buyer.user.id);

    fillUp(path.join(disk, 'filler'));
    const before = filesUnder(disk);

    // Documents (a first one and a replacement) and pictures are refused, each as often as asked.
    const replacement = Buffer.concat([PDF, randomBytes(300 * 1024)]);
    expectFull(await uploadDocument(t.app, newcomer.cookie, 'sales_id', licence));
    expectFull(await uploadDocument(t.app, buyer.cookie, 'sales_id', replacement));
    expectFull(await uploadPicture(t.app, staff.cookie, { width: 650, height: 480 }));
    expectFull(await uploadDocument(t.app, newcomer.cookie, 'tobacco_license', licence));
    // No partial file (in tmp/uploads or the store) and no row.
    expect(filesUnder(disk)).toEqual(before);
    expect(await rowOf(newcomer.user.id)).toEqual([]);
    expect(await rowOf(buyer.user.id)).toEqual(buyerRow);

    // Reads go on: the catalogue, a stored picture, a stored document.
    expect((await t.app.inject({ url: '/api/v1/catalogue/menu' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pictureUrl })).statusCode).toBe(200);
    const download = await t.app.inject({
      url: '/api/v1/account/documents/sales_id',
      headers: { cookie: buyer.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(licence)).toBe(true);

    // Four refusals, one error line; nothing yet about it being over.
    const started = log.matching(STORAGE_TROUBLE_STARTED['disk-full']);
    expect(started).toHaveLength(1);
    expect(started[0]!.level).toBe(50);
    expect(log.matching(STORAGE_TROUBLE_ENDED['disk-full'])).toHaveLength(0);
    expect(await fullGauge()).toBe('storage_trouble{trouble="disk-full"} 1');

    // Space freed: uploads work again, and the log says so once.
    rmSync(path.join(disk, 'filler'));
    expect((await uploadDocument(t.app, newcomer.cookie, 'sales_id', licence)).statusCode).toBe(200);
    expect((await uploadPicture(t.app, staff.cookie, { width: 650, height: 480 })).statusCode).toBe(200);
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', replacement)).statusCode).toBe(200);
    const ended = log.matching(STORAGE_TROUBLE_ENDED['disk-full']);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.level).toBe(30);
    expect(log.matching(STORAGE_TROUBLE_STARTED['disk-full'])).toHaveLength(1);
    expect(await fullGauge()).toBe('storage_trouble{trouble="disk-full"} 0');
  });
});
