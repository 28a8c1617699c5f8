import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { STORED_FOLDERS } from '#server/storage/copy-objects.ts';
import { DiskObjectStore, type ObjectStore, readObject } from '#server/storage/object-store.ts';
import { PDF } from '#tests/multipart.ts';
import { adminUrl, databaseUrl } from '#tests/pg-urls.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { uploadDocument, uploadPicture } from '#tests/uploads.ts';
import { backupStore } from './backup.ts';
import { readManifest } from './manifest.ts';
import { restoreStore } from './restore.ts';

const run = promisify(execFile);
const clock = testClock();
let t: TestContext;
let dataDir: string;
let storage: DiskObjectStore;
const scratch: string[] = [];
const extraDatabases: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `smokestack-${name}-`));
  scratch.push(dir);
  return dir;
};
const { call, staffWithTotp } = staffHelpers(() => t, clock);
const fixture = ordersFixture(() => t);

/** An empty database on the PostgreSQL server the suite runs on. */
async function emptyDatabase(): Promise<string> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `smokestack_r_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(server) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  extraDatabases.push(name);
  return databaseUrl(server, name);
}

/** Every row of every table, as text in a fixed order. */
async function everything(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables)
    out[name] = (
      await database.query<{ r: string }>(`select to_jsonb(x)::text as r from "${name}" x order by 1`)
    ).map((row) => row.r);
  return out;
}

async function files(store: ObjectStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const folder of STORED_FOLDERS)
    for await (const { key } of store.list(folder))
      out[key] = (await readObject((await store.get(key))!)).toString('base64');
  return out;
}

beforeAll(async () => {
  dataDir = tmp('data');
  storage = DiskObjectStore.inDataDir(dataDir);
  t = await createTestApp({ clock, storage });
  writeFileSync(path.join(dataDir, 'secret.key'), randomBytes(32).toString('hex'), { mode: 0o600 });
  // A buyer with both documents uploaded and verified by staff (audited), an order, a picture.
  const staff = await staffWithTotp();
  const buyer = await fixture.verifiedBuyer();
  for (const kind of ['sales_id', 'tobacco_license']) {
    const up = await uploadDocument(
      t.app,
      buyer.cookie,
      kind,
      Buffer.concat([PDF, randomBytes(64)]),
      `${kind}.pdf`,
    );
    expect(up.statusCode, up.body).toBe(200);
  }
  for (const { id } of await t.database.query<{ id: number }>('select id from documents where user_id = $1', [
    buyer.user.id,
  ])) {
    const res = await call('POST', `/api/v1/admin/documents/${id}/verify`, staff.cookie, {
      documentNumber: `N-${id}`,
      issuingState: 'TX',
      expiresOn: '2030-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const v = await fixture.variantWith(5);
  await fixture.add(buyer.cookie, v.sku, 2);
  const placed = await fixture.call('POST', '/api/v1/orders', buyer.cookie, fixture.orderBody());
  expect(placed.statusCode, placed.body).toBe(201);
  const upload = await uploadPicture(t.app, staff.cookie, { width: 300, height: 200 });
  expect(upload.statusCode, upload.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
  if (extraDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL!) });
    await admin.connect();
    for (const name of extraDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a backup restored into a fresh data directory holds the same rows and files', async () => {
    const source = await everything(t.database);
    expect(source.documents).toHaveLength(2);
    expect(source.orders!.length).toBeGreaterThanOrEqual(1);
    expect(source.audit_log!.filter((r) => r.includes('document'))).toHaveLength(2);
    const sourceFiles = await files(storage);
    expect(Object.keys(sourceFiles).filter((k) => k.startsWith('private/documents/'))).toHaveLength(2);
    expect(Object.keys(sourceFiles).filter((k) => k.startsWith('media/')).length).toBeGreaterThanOrEqual(1);

    const backup = path.join(tmp('backup'), 'b');
    const src = { database: t.database, databaseUrl: t.databaseUrl, storage, dataDir };
    const manifest = await backupStore(src, backup, { withSecretKey: true });
    expect(manifest.database).toBe(t.database.kind);
    expect(manifest.rows.documents).toBe(2);
    expect(manifest.files).toEqual({
      where: 'backup',
      count: Object.keys(sourceFiles).length,
      bytes: expect.any(Number),
    });
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    expect(await readManifest(backup)).toEqual(manifest);

    const target = tmp('restored');
    const targetUrl = t.database.kind === 'postgres' ? await emptyDatabase() : undefined;
    const targetStorage = DiskObjectStore.inDataDir(target);
    await restoreStore(
      { databaseUrl: targetUrl, dataDir: target, storage: targetStorage, secretKeySet: false },
      backup,
    );

    const restored = targetUrl
      ? await openPostgres(targetUrl, 2)
      : await openPglite({ dataDir: path.join(target, 'pglite') });
    try {
      expect(await everything(restored)).toEqual(source);
      // The restored PostgreSQL database has the planner's statistics, as after ANALYZE.
      if (targetUrl) {
        const [orders] = await restored.query<{ analysed: boolean }>(
          "select last_analyze is not null as analysed from pg_stat_user_tables where relname = 'orders'",
        );
        expect(orders?.analysed).toBe(true);
      }
    } finally {
      await restored.close();
    }
    expect(await files(targetStorage)).toEqual(sourceFiles);
    expect(readFileSync(path.join(target, 'secret.key'))).toEqual(
      readFileSync(path.join(dataDir, 'secret.key')),
    );

    // Into a store that is not empty, nothing is written.
    const before = readdirSync(target).sort();
    await expect(
      restoreStore(
        { databaseUrl: targetUrl, dataDir: target, storage: targetStorage, secretKeySet: false },
        backup,
      ),
    ).rejects.toThrow(/not empty|already holds/);
    expect(readdirSync(target).sort()).toEqual(before);
  });

  it('refuses a folder that is not empty, one without a manifest, and a backup of the other database kind', async () => {
    const used = tmp('used');
    writeFileSync(path.join(used, 'x'), 'x');
    const src = { database: t.database, databaseUrl: t.databaseUrl, storage, dataDir };
    await expect(backupStore(src, used)).rejects.toThrow(
      `${used} is not empty: back up into a new or empty folder`,
    );
    const target = { dataDir: tmp('t'), storage: DiskObjectStore.inDataDir(tmp('f')), secretKeySet: false };
    await expect(restoreStore(target, used)).rejects.toThrow('holds no manifest.json');
    const backup = path.join(tmp('b'), 'b');
    await backupStore(src, backup);
    if (t.database.kind === 'postgres')
      await expect(restoreStore(target, backup)).rejects.toThrow('set DATABASE_URL to an empty database');
    else
      await expect(
        restoreStore({ ...target, databaseUrl: 'postgres://127.0.0.1:1/x' }, backup),
      ).rejects.toThrow('unset DATABASE_URL');
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses a copy of a backup that is damaged or incomplete, before it writes anything', async () => {
    const good = path.join(tmp('whole'), 'b');
    const src = { database: t.database, databaseUrl: t.databaseUrl, storage, dataDir };
    const manifest = await backupStore(src, good);
    expect(manifest.databaseFile).toEqual({
      name: t.database.kind === 'postgres' ? 'database.pgdump' : 'database.tar.gz',
      bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(readdirSync(good)).not.toContain('manifest.json.part');
    const copyOf = (name: string) => {
      const dir = path.join(tmp(name), 'b');
      cpSync(good, dir, { recursive: true });
      return dir;
    };
    const cut = copyOf('cut-dump');
    const dump = path.join(cut, manifest.databaseFile!.name);
    truncateSync(dump, Math.floor(statSync(dump).size / 2));
    const lost = copyOf('lost-file');
    const media = path.join(lost, 'files', 'media');
    const aPicture = readdirSync(media, { recursive: true, encoding: 'utf8' }).find((f) =>
      f.endsWith('.webp'),
    );
    rmSync(path.join(media, aPicture!));
    const torn = copyOf('torn-manifest');
    writeFileSync(
      path.join(torn, 'manifest.json'),
      readFileSync(path.join(torn, 'manifest.json'), 'utf8').slice(0, 40),
    );

    const cases: [string, RegExp][] = [
      [cut, /database\.(pgdump|tar\.gz) is not the file the manifest names .*: a damaged or incomplete copy/],
      [lost, /holds \d+ files \(\d+ bytes\), the manifest counts \d+ \(\d+\): an incomplete copy/],
      [torn, /manifest\.json is damaged \(.*\): not a usable backup/],
    ];
    for (const [from, message] of cases) {
      const target = { dataDir: tmp('t'), storage: DiskObjectStore.inDataDir(tmp('f')), secretKeySet: false };
      const targetUrl = t.database.kind === 'postgres' ? await emptyDatabase() : undefined;
      await expect(restoreStore({ ...target, databaseUrl: targetUrl }, from)).rejects.toThrow(message);
      expect(readdirSync(target.dataDir)).toEqual([]);
      expect(await files(target.storage)).toEqual({});
      if (targetUrl) {
        const empty = await openPostgres(targetUrl, 1);
        const [{ n }] = (await empty.query<{ n: number }>(
          "select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public'",
        )) as [{ n: number }];
        await empty.close();
        expect(n).toBe(0);
      }
    }
  });

  it('npm run backup and restore: from a stopped store to a new one, and not while the embedded store runs', async () => {
    const backup = path.join(tmp('cli'), 'b');
    const src = { database: t.database, databaseUrl: t.databaseUrl, storage, dataDir };
    await backupStore(src, backup);
    const target = tmp('cli-target');
    const targetUrl = t.database.kind === 'postgres' ? await emptyDatabase() : undefined;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target, NODE_ENV: 'test' };
    if (targetUrl) env.DATABASE_URL = targetUrl;
    else delete env.DATABASE_URL;
    const cli = (script: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
      run(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
        env: { ...env, ...extra },
      });
    const restored = await cli('restore', ['--from', backup]);
    expect(restored.stdout).toMatch(/Restored \d+ accounts, \d+ orders, 2 documents, \d+ audit entries/);

    const again = path.join(tmp('cli-again'), 'b');
    const backedUp = await cli('backup', ['--to', again]);
    expect(backedUp.stdout).toMatch(/Backed up \d+ accounts, \d+ orders, 2 documents/);
    expect((await readManifest(again)).rows).toEqual((await readManifest(backup)).rows);

    if (!targetUrl) {
      // A running store holds the embedded database's lock: a backup would read it half-written.
      writeFileSync(path.join(target, 'smokestack.lock'), String(process.pid));
      const refused = await cli('backup', ['--to', path.join(tmp('cli-busy'), 'b')]).catch((err) => err);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is in use by another Smokestack process');
      rmSync(path.join(target, 'smokestack.lock'));
    }
    const missing = await cli('backup', []).catch((err) => err);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('say where to: npm run backup -- --to DIR');
  }, 60_000);
});
