/**
 * A server killed with SIGKILL in the middle of an import (issue 28 §2.5): a real `npm start`
 * process gets a catalogue CSV of 16,000 rows, or a price list of 10,000 entries, and is killed
 * once the import's transaction is writing (on PostgreSQL: it holds a transaction id in
 * pg_stat_activity; on the embedded database: the tables' files grow). The next start on the same
 * data is clean — the embedded database's lock taken over and its crash recovery done, no session or
 * lock left on PostgreSQL — and the catalogue or price list is exactly as before, or exactly as
 * after (the same import run again then changes nothing), never in between.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigCatalogueCsv, bigPriceListCsv } from '#tests/big-imports.ts';
import { killLeftovers, type ServerProcess, signInStaff, startServer } from '#tests/child-server.ts';
import {
  BASE,
  exported,
  patientRequest,
  postgresAnswers,
  prepareStore,
  restart,
  STAFF,
  type Store,
  serverEnv,
} from '#tests/fault-store.ts';

const onPostgres = await postgresAnswers('kill-import.test.ts');

/**
 * Sends the import and kills the server with SIGKILL once its transaction has written `bytes` into
 * `table` (whose files grow as it writes, before it commits: statements before it are done, more
 * follow); says whether the import answered first (it finished before the kill could land).
 */
async function killWhileWriting(
  server: ServerProcess,
  store: Store,
  send: () => Promise<Response>,
  watched: { table: keyof Store['files']; bytes: number },
): Promise<'killed while writing' | 'finished first'> {
  const watch = store.databaseUrl ? new pg.Client({ connectionString: store.databaseUrl }) : null;
  await watch?.connect();
  // On PostgreSQL the size another session sees includes what an open transaction added, and the
  // transaction shows in pg_stat_activity with its id.
  const size = async () =>
    watch
      ? Number((await watch.query('select pg_relation_size($1::regclass) as n', [watched.table])).rows[0].n)
      : statSync(path.join(store.dataDir, 'pglite', store.files[watched.table])).size;
  const inTransaction = async () =>
    !watch ||
    (
      await watch.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`,
      )
    ).rows[0].n > 0;
  const start = await size();
  let answered = false;
  const response = send().then(
    (res) => {
      answered = true;
      return res.status;
    },
    () => 0, // the connection died with the process
  );
  try {
    const deadline = Date.now() + 45_000;
    while (
      !answered &&
      Date.now() < deadline &&
      !((await size()) - start >= watched.bytes && (await inTransaction()))
    )
      await new Promise((r) => setTimeout(r, 5));
    if (answered) return 'finished first';
    if (Date.now() >= deadline) throw new Error('the import never started writing');
    await server.kill('SIGKILL');
    await response;
    return 'killed while writing';
  } finally {
    await server.kill('SIGKILL');
    await watch?.end();
  }
}

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, onPostgres],
])('SIGKILL during an import, on %s', (kind, runs) => {
  let store: Store;
  let server: ServerProcess;
  let cookie: string;

  beforeAll(async () => {
    if (!runs) return;
    store = await prepareStore(kind);
    server = await startServer(serverEnv(store));
    cookie = await signInStaff(server, STAFF.email, STAFF.password);
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    killLeftovers();
    await store?.drop();
  });

  it.runIf(runs)(
    'a catalogue CSV import: after the restart the catalogue is exactly as before or as after',
    async () => {
      const exportUrl = '/api/v1/admin/catalogue/export.csv';
      const before = await exported(server, cookie, exportUrl);
      expect(before.rows).toBe(BASE.products * BASE.options);
      // 10,000 options changed and 6,000 new, 1,500 products new.
      const csv = bigCatalogueCsv(4_000, 4, 2);
      const importIt = (s: ServerProcess) =>
        patientRequest(s, '/api/v1/admin/catalogue/import?dryRun=false', {
          method: 'POST',
          cookie,
          body: csv,
          type: 'text/csv',
        });
      const outcome = await killWhileWriting(server, store, () => importIt(server), {
        table: 'variants',
        bytes: 1,
      });
      // Killed mid-transaction, or the test proved nothing (the import is seconds long; the kill
      // comes within milliseconds of its first write).
      expect(outcome).toBe('killed while writing');
      server = await restart(store, server.process);

      const afterRestart = await exported(server, cookie, exportUrl);
      const rerun = await importIt(server);
      expect(rerun.status, await rerun.clone().text()).toBe(200);
      const { changes } = (await rerun.json()) as { changes: Record<string, number> };
      const after = await exported(server, cookie, exportUrl);
      expect(after.rows).toBe(16_000);
      if (afterRestart.sha256 === before.sha256) {
        // Nothing of it was applied: the same file now makes every change.
        expect(changes).toMatchObject({
          productsCreated: 1_500,
          optionsCreated: 6_000,
          optionsUpdated: 10_000,
        });
      } else {
        // All of it was: the same file finds nothing left to do.
        expect(afterRestart).toEqual(after);
        expect(changes).toMatchObject({
          productsCreated: 0,
          productsUpdated: 0,
          optionsCreated: 0,
          optionsUpdated: 0,
        });
      }
      console.log(
        `${kind}, catalogue: ${outcome}; after the restart ${afterRestart.sha256 === before.sha256 ? 'as before' : 'as after'}`,
      );
    },
    120_000,
  );

  it.runIf(runs)(
    "a price list import: after the restart the group's list is exactly as before or as after",
    async () => {
      const exportUrl = `/api/v1/admin/pricing/groups/${store.groupId}/export.csv`;
      const before = await exported(server, cookie, exportUrl);
      expect(before.rows).toBe(4_000);
      // Every option of the catalogue before: 4,000 entries changed, 6,000 new.
      const csv = bigPriceListCsv(BASE.products, BASE.options, 750);
      const importIt = (s: ServerProcess) =>
        patientRequest(s, `/api/v1/admin/pricing/groups/${store.groupId}/import?dryRun=false&replace=true`, {
          method: 'POST',
          cookie,
          body: csv,
          type: 'text/csv',
        });
      const outcome = await killWhileWriting(server, store, () => importIt(server), {
        table: 'price_list_entries',
        bytes: 256 * 1024,
      });
      // Killed mid-transaction, or the test proved nothing (the import is seconds long; the kill
      // comes within milliseconds of its first write).
      expect(outcome).toBe('killed while writing');
      server = await restart(store, server.process);

      const afterRestart = await exported(server, cookie, exportUrl);
      const rerun = await importIt(server);
      expect(rerun.status, await rerun.clone().text()).toBe(200);
      const { changes } = (await rerun.json()) as { changes: Record<string, number> };
      const after = await exported(server, cookie, exportUrl);
      expect(after.rows).toBe(10_000);
      if (afterRestart.sha256 === before.sha256) {
        expect(changes).toEqual({ added: 6_000, changed: 4_000, unchanged: 0, removed: 0 });
      } else {
        expect(afterRestart).toEqual(after);
        expect(changes).toEqual({ added: 0, changed: 0, unchanged: 10_000, removed: 0 });
      }
      console.log(
        `${kind}, price list: ${outcome}; after the restart ${afterRestart.sha256 === before.sha256 ? 'as before' : 'as after'}`,
      );
    },
    120_000,
  );
});
