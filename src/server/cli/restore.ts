/**
 * `npm run restore -- --from DIR`: brings a backup made by `npm run backup` back into an empty
 * store: a new DATA_DIR for the embedded database, or an empty PostgreSQL database (DATABASE_URL),
 * and an empty file store (STORAGE_URL). Run it before the store's first start; `npm start` then
 * runs any newer migrations.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeRows } from '#server/backup/manifest.ts';
import { checkBackup, restoreStore } from '#server/backup/restore.ts';
import { loadConfig } from '#server/config.ts';
import { ensureDataDir } from '#server/db/open.ts';
import { openObjectStore } from '#server/storage/open-storage.ts';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}
if (!values.from) fail('say which backup: npm run restore -- --from DIR');
const from = path.resolve(values.from);
const config = loadConfig();
// The backup is checked whole before anything is written, DATA_DIR not even made: an unfinished
// (killed) or damaged backup is refused with one line, and the store is left as it was.
const checked = await checkBackup(from).catch((err: Error) => fail(err.message));
try {
  ensureDataDir(config.dataDir);
} catch (err) {
  fail((err as Error).message);
}
const storage = await openObjectStore(config.storageUrl, config.dataDir).catch((err: Error) =>
  fail(err.message),
);
try {
  const manifest = await restoreStore(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage,
      secretKeySet: Boolean(config.secretKey),
    },
    from,
    { log: (line) => console.log(line), checked },
  );
  console.log(
    `Restored ${describeRows(manifest.rows)} as of ${manifest.createdAt}; every table has the rows the backup counted. Start the store with npm start.`,
  );
} catch (err) {
  console.error(`restore: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  storage.close();
}
