/**
 * A store for fault tests: made and filled in this process (migrated, a staff member, a catalogue of
 * 10,000 options, a group's price list), then run as a real `npm start` child (child-server.ts) on
 * the embedded database in its DATA_DIR or on a PostgreSQL database of its own.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { type Database, openPostgres } from '../src/server/db/client.ts';
import { openEmbedded } from '../src/server/db/open.ts';
import { importCatalogueCsv } from '../src/server/modules/catalogue/catalogue-csv.service.ts';
import { createStaff } from '../src/server/modules/staff/staff-accounts.ts';
import { messages } from '../src/shared/messages.ts';
import { bigCatalogueCsv } from './big-imports.ts';
import { type ServerProcess, startServer } from './child-server.ts';
import { adminUrl, databaseUrl } from './pg-urls.ts';

export const PG_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether a PostgreSQL server answers; when none does, says that `file`'s part on it is skipped. */
export async function postgresAnswers(file: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(PG_SERVER), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    console.log(
      `${file}: the PostgreSQL part is skipped — no PostgreSQL server answers at ${adminUrl(PG_SERVER)}`,
    );
    return false;
  }
}
export const STAFF = {
  email: 'kill.staff@shop.example',
  name: 'Kim Staff',
  password: 'kill staff password 1',
};
/** The catalogue before: 2,500 products × 4 options; the price list prices the first 4,000 options. */
export const BASE = { products: 2_500, options: 4 };

export interface Store {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  groupId: number;
  /** The embedded database's files of these tables (under DATA_DIR/pglite). */
  files: Record<'products' | 'variants' | 'price_list_entries', string>;
  drop(): Promise<void>;
}

/** A migrated store with a staff member, the catalogue and a group's price list, stopped. */
export async function prepareStore(kind: Store['kind']): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-kill-'));
  let database: Database;
  let url: string | undefined;
  if (kind === 'postgres') {
    const name = `smokestack_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl(PG_SERVER) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = databaseUrl(PG_SERVER, name);
    database = await openPostgres(url, 2);
  } else {
    database = await openEmbedded(dataDir);
  }
  await database.migrate();
  const staff = await createStaff(database.db, STAFF, { logN: 10, r: 8, p: 1 }, new Date());
  const ctx = {
    db: database.db,
    staffId: staff!.id,
    now: new Date(),
    mail: { storeName: 'Kill', publicUrl: 'http://localhost', kick() {} },
  };
  const report = await importCatalogueCsv(ctx, bigCatalogueCsv(BASE.products, BASE.options, 1), false);
  expect(report.written, JSON.stringify(report.errors.slice(0, 3))).toBe(true);
  const [group] = await database.query<{ id: number }>(
    "insert into customer_groups (name) values ('Big buyers') returning id",
  );
  await database.query(
    `insert into price_list_entries (group_id, scope, target_id, price_cents)
     select $1, 'variant', id, 900 from variants where sku like 'BIG-%' order by id limit 4000`,
    [group!.id],
  );
  const [files] = await database.query<Store['files']>(
    `select pg_relation_filepath('products') as products, pg_relation_filepath('variants') as variants,
            pg_relation_filepath('price_list_entries') as price_list_entries`,
  );
  await database.close();
  return {
    kind,
    dataDir,
    databaseUrl: url,
    groupId: group!.id,
    files: files!,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!url) return;
      const admin = new pg.Client({ connectionString: adminUrl(PG_SERVER) });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    },
  };
}

export const serverEnv = (store: Store) => ({
  DATA_DIR: store.dataDir,
  DATABASE_URL: store.databaseUrl ?? '',
});

/**
 * A request as a well-behaved client sends it: when the store sheds load (a 503 saying it is busy,
 * with Retry-After — right after a big import its event loop's mean delay over the last second can
 * still be high), it waits as asked and tries again, up to ten times. Any other answer, another 503
 * included (the database out of reach), is returned as it is.
 */
export async function patientRequest(
  server: ServerProcess,
  url: string,
  init: Parameters<ServerProcess['request']>[1] = {},
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await server.request(url, init);
    if (res.status !== 503 || attempt === 10) return res;
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { message?: string };
    if (body.message !== messages.busy) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** What a file export says, in short: its rows and a digest of its text. */
export async function exported(server: ServerProcess, cookie: string, url: string) {
  const res = await patientRequest(server, url, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const text = await res.text();
  return {
    rows: text.trimEnd().split('\r\n').length - 1,
    sha256: createHash('sha256').update(text).digest('hex'),
  };
}

/**
 * Starts the store again on the same data after `killed` died: it serves, and nothing of the killed
 * process is in the way (the embedded database's lock, which it left behind, is taken over).
 */
export async function restart(store: Store, killed: { pid?: number }): Promise<ServerProcess> {
  if (!store.databaseUrl)
    expect(readFileSync(path.join(store.dataDir, 'smokestack.lock'), 'utf8')).toBe(String(killed.pid));
  if (store.databaseUrl) {
    // The killed instance's sessions end (their transactions rolled back): none stays, nor any lock.
    const watch = new pg.Client({ connectionString: store.databaseUrl });
    await watch.connect();
    const others = async () =>
      (
        await watch.query<{ sessions: number; locks: number }>(
          `select (select count(*) from pg_stat_activity
                    where datname = current_database() and backend_type = 'client backend'
                      and pid <> pg_backend_pid())::int as sessions,
                  (select count(*) from pg_locks l join pg_stat_activity a on a.pid = l.pid
                    where a.datname = current_database() and a.backend_type = 'client backend'
                      and l.pid <> pg_backend_pid())::int as locks`,
        )
      ).rows[0];
    try {
      await expect.poll(others, { timeout: 20_000, interval: 50 }).toEqual({ sessions: 0, locks: 0 });
    } finally {
      await watch.end();
    }
  }
  const server = await startServer(serverEnv(store));
  expect(server.output()).not.toMatch(/smokestack:|in use by another|error/i);
  expect((await server.request('/readyz')).status).toBe(200);
  return server;
}
