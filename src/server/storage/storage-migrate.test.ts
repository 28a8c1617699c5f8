import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#tests/s3-server.ts';
import { readObject } from './object-store.ts';

let s3: TestS3;
let dataDir: string;
const files: Record<string, Buffer> = {
  'media/catalogue/shelf-full.0123456789ab.webp': randomBytes(40_000),
  'media/demo/brand-logo.aaaaaaaaaaaa.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  'private/documents/6f1c0f7e-1111-4a4a-8b8b-000000000001/3d7c1b2a-2222-4c4c-9d9d-000000000002': randomBytes(
    1024 * 1024,
  ),
};

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-migrate-'));
  for (const [key, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
    writeFileSync(path.join(dataDir, key), data);
  }
  // Not objects: an upload still being checked, a half-written file, the database's own files.
  mkdirSync(path.join(dataDir, 'tmp', 'uploads'), { recursive: true });
  writeFileSync(path.join(dataDir, 'tmp', 'uploads', 'in-flight'), 'x');
  writeFileSync(path.join(dataDir, 'media', 'catalogue', 'x.webp.123.abc.part'), 'half');
  mkdirSync(path.join(dataDir, 'pglite'));
  writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the CLI as `npm run storage:migrate` would (not spawnSync: the S3 server answers from this process). */
function migrate(args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/storage-migrate.ts', ...args], {
    env: { ...process.env, ...s3.env, DATA_DIR: dataDir, ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out })),
  );
}

async function bucketKeys(prefix: string) {
  const store = s3.store(prefix);
  const keys: string[] = [];
  for (const folder of ['media/', 'private/']) for await (const o of store.list(folder)) keys.push(o.key);
  return { store, keys: keys.sort() };
}

describe('npm run storage:migrate', () => {
  it('copies pictures and documents into the bucket, byte for byte, and a second run copies nothing', async () => {
    const url = s3.storageUrl('shop');
    const dry = await migrate(['--dry-run'], { STORAGE_URL: url });
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('Would copy 3 files');
    expect((await bucketKeys('shop')).keys).toEqual([]);

    const first = await migrate([], { STORAGE_URL: url });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('Copied 3 files (1.0 MB); 0 already there.');
    const { store, keys } = await bucketKeys('shop');
    expect(keys).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) {
      const object = await store.get(key);
      expect((await readObject(object!)).equals(data), key).toBe(true);
    }
    expect((await store.get('media/catalogue/shelf-full.0123456789ab.webp'))!.contentType).toBe('image/webp');

    const again = await migrate([], { STORAGE_URL: url });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('Copied 0 files (0.0 MB); 3 already there.');
  });

  it('copies from another directory with --from; refuses without a bucket or with a bad one', async () => {
    const other = await migrate(['--from', dataDir], {
      DATA_DIR: os.tmpdir(),
      STORAGE_URL: s3.storageUrl('other'),
    });
    expect(other.code, other.out).toBe(0);
    expect((await bucketKeys('other')).keys).toHaveLength(3);

    const none = await migrate([], { STORAGE_URL: '' });
    expect(none.code).toBe(1);
    expect(none.out).toContain('set STORAGE_URL');
    const missing = await migrate([], {
      STORAGE_URL: `s3://no-such-bucket?endpoint=${encodeURIComponent(s3.endpoint)}`,
    });
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/storage:migrate: .*bucket/i);
  });
});
