/**
 * `npm run backup -- --to DIR [--with-secret-key]`: a consistent snapshot of the store in a new
 * folder: the database (pg_dump's custom format from a PostgreSQL server, while it keeps serving;
 * the data directory of the embedded one, which must be stopped), the pictures and documents (or a
 * note that they live in the bucket), and `manifest.json`. `npm run restore` brings it back.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupStore } from '#server/backup/backup.ts';
import { describeRows } from '#server/backup/manifest.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/open.ts';
import { openObjectStore } from '#server/storage/open-storage.ts';

const { values } = parseArgs({
  options: { to: { type: 'string' }, 'with-secret-key': { type: 'boolean', default: false } },
});
function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}
if (!values.to) fail('say where to: npm run backup -- --to DIR');
const config = loadConfig();
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite')))
  fail(
    `there is no embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for a PostgreSQL server)`,
  );
const to = path.resolve(values.to);
const database = await openDatabase(config).catch((err: Error) => fail(err.message));
const storage = await openObjectStore(config.storageUrl, config.dataDir).catch((err: Error) =>
  fail(err.message),
);
try {
  const manifest = await backupStore(
    { database, databaseUrl: config.databaseUrl, storage, dataDir: config.dataDir },
    to,
    { withSecretKey: values['with-secret-key'], log: (line) => console.log(line) },
  );
  const files =
    manifest.files.where === 'backup'
      ? `${manifest.files.count} files (${(manifest.files.bytes / 1024 / 1024).toFixed(1)} MB)`
      : `no files (they stay in ${manifest.files.location})`;
  console.log(`Backed up ${describeRows(manifest.rows)} and ${files} into ${to}.`);
  if (!manifest.secretKey)
    console.log(
      "Staff authenticator keys in it open only with this store's secret key (SECRET_KEY or DATA_DIR/secret.key): keep that key safe, apart from the backup, or pass --with-secret-key.",
    );
} catch (err) {
  console.error(`backup: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  storage.close();
}
