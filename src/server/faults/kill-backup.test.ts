/**
 * `npm run backup` killed with SIGKILL half-way (issue 28 §2.5): while it dumps the database and
 * while it copies the files. The folder it leaves has no manifest.json; `npm run restore` refuses
 * it in one line and writes nothing (no DATA_DIR made, the empty PostgreSQL database left empty);
 * on PostgreSQL pg_dump does not go on alone into the folder; and the store then starts cleanly with
 * everything as it was.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, runNode, signInStaff, startServer } from '#tests/child-server.ts';
import {
  exported,
  PG_SERVER,
  postgresAnswers,
  prepareStore,
  restart,
  STAFF,
  type Store,
  serverEnv,
} from '#tests/fault-store.ts';
import { adminUrl, databaseUrl } from '#tests/pg-urls.ts';

const onPostgres = await postgresAnswers('kill-backup.test.ts');

/** More pictures than the copy's progress line counts (it prints every 500 files). */
const PICTURES = 2_000;
const EXPORTS = ['/api/v1/admin/catalogue/export.csv'];

const scratch: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `smokestack-${name}-`));
  scratch.push(dir);
  return dir;
};

async function emptyDatabase(): Promise<string> {
  const name = `smokestack_kb_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(PG_SERVER) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrl(PG_SERVER, name);
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(PG_SERVER) });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** `npm run restore -- --from DIR` into a store that does not exist yet: refused in one line, nothing written. */
async function expectRestoreRefused(store: Store, from: string): Promise<void> {
  const target = path.join(tmp('restore-target'), 'data');
  const targetUrl = store.databaseUrl ? await emptyDatabase() : undefined;
  try {
    const restore = runNode('src/server/cli/restore.ts', ['--from', from], {
      DATA_DIR: target,
      DATABASE_URL: targetUrl ?? '',
    });
    expect(await restore.exited).toEqual({ code: 1, signal: null });
    expect(restore.stderr().trim().split('\n')).toEqual([
      `restore: ${from} holds no manifest.json: not a Smokestack backup, or an unfinished one`,
    ]);
    expect(restore.stdout()).toBe('');
    expect(existsSync(target)).toBe(false);
    if (targetUrl) expect(await tablesIn(targetUrl)).toBe(0);
  } finally {
    if (targetUrl) await dropDatabase(targetUrl);
  }
}

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, onPostgres],
])('SIGKILL during npm run backup, on %s', (kind, runs) => {
  let store: Store;
  let cookie: string;
  const before: Record<string, unknown> = {};

  beforeAll(async () => {
    if (!runs) return;
    store = await prepareStore(kind);
    // Pictures in the data directory, for the backup to copy.
    const pictures = path.join(store.dataDir, 'media', 'fill');
    mkdirSync(pictures, { recursive: true });
    for (let i = 0; i < PICTURES; i++) writeFileSync(path.join(pictures, `p${i}.webp`), randomBytes(2048));
    const server = await startServer(serverEnv(store));
    cookie = await signInStaff(server, STAFF.email, STAFF.password);
    for (const url of EXPORTS) before[url] = await exported(server, cookie, url);
    // The embedded database is backed up with the store stopped (the backup refuses otherwise).
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 120_000);
  afterAll(async () => {
    killLeftovers();
    await store?.drop();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  const backup = (to: string) => runNode('src/server/cli/backup.ts', ['--to', to], serverEnv(store));

  /** The store starts on its data after the killed backup, everything as it was; then it stops again. */
  async function expectCleanStart(killed: { pid?: number }) {
    const server = await restart(store, killed);
    try {
      for (const url of EXPORTS) expect(await exported(server, cookie, url)).toEqual(before[url]);
    } finally {
      expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    }
  }

  it.runIf(runs)(
    'killed while it dumps the database: no manifest, restore refuses it and writes nothing, the store starts as it was',
    async () => {
      const to = path.join(tmp('killed-dump'), 'b');
      // On PostgreSQL a table held by another session makes pg_dump wait, visibly under way; the
      // watch asks from outside that transaction (pg_stat_activity is read once per transaction).
      const lock = store.databaseUrl ? new pg.Client({ connectionString: store.databaseUrl }) : null;
      const watch = store.databaseUrl ? new pg.Client({ connectionString: store.databaseUrl }) : null;
      const pgDumps = async (waitingForLock: boolean) =>
        (
          await watch!.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
                and application_name = 'pg_dump' and ($1 = false or wait_event_type = 'Lock')`,
            [waitingForLock],
          )
        ).rows[0].n;
      if (lock && watch) {
        for (const c of [lock, watch]) {
          c.on('error', () => {});
          await c.connect();
        }
        await lock.query('begin');
        await lock.query('lock table products in access exclusive mode');
      }
      const cli = backup(to);
      try {
        await cli.waitFor(/Dumping the (embedded|PostgreSQL) database/);
        if (watch) await expect.poll(() => pgDumps(true), { timeout: 20_000, interval: 20 }).toBe(1);
        expect(await cli.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      } finally {
        await lock?.query('rollback');
        await lock?.end();
      }
      if (watch) {
        // pg_dump, free to go on now, does not go on alone: it stops at its first write.
        try {
          await expect.poll(() => pgDumps(false), { timeout: 20_000, interval: 50 }).toBe(0);
        } finally {
          await watch.end();
        }
        const dump = path.join(to, 'database.pgdump');
        expect(existsSync(dump) ? statSync(dump).size : 0).toBe(0);
      }
      expect(readdirSync(to)).not.toContain('manifest.json');
      await expectRestoreRefused(store, to);
      await expectCleanStart(cli.process);
    },
    90_000,
  );

  it.runIf(runs)(
    'killed while it copies the files: no manifest, restore refuses it and writes nothing, the store starts as it was',
    async () => {
      const to = path.join(tmp('killed-copy'), 'b');
      const cli = backup(to);
      await cli.waitFor(/500 files copied/);
      expect(await cli.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      const copied = readdirSync(path.join(to, 'files', 'media', 'fill')).length;
      expect(copied).toBeGreaterThanOrEqual(500);
      expect(copied).toBeLessThan(PICTURES);
      expect(readdirSync(to)).not.toContain('manifest.json');
      await expectRestoreRefused(store, to);
      await expectCleanStart(cli.process);
    },
    90_000,
  );
});
