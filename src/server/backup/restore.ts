import { copyFile, readdir, readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPostgres } from '#server/db/client.ts';
import { openEmbedded } from '#server/db/open.ts';
import { copyObjects, STORED_FOLDERS } from '#server/storage/copy-objects.ts';
import { DiskObjectStore, type ObjectStore } from '#server/storage/object-store.ts';
import {
  type BackupManifest,
  FILES_DIR,
  PG_DUMP_FILE,
  PGLITE_DUMP_FILE,
  readManifest,
  SECRET_KEY_FILE,
} from './manifest.ts';
import { fileDigest } from './durable.ts';
import { BackupError, runPgTool } from './pg-tools.ts';
import { readSnapshotFacts } from './snapshot-facts.ts';

export interface RestoreTarget {
  /** An empty PostgreSQL database; none for the embedded one in DATA_DIR. */
  databaseUrl?: string;
  dataDir: string;
  storage: ObjectStore;
  /** SECRET_KEY is set, so the data directory's key file is not the store's key. */
  secretKeySet: boolean;
}

/**
 * Reads a backup folder and checks it is whole, before anything is written anywhere: its manifest
 * (a folder without one is unfinished), its database file (the size and digest the manifest names,
 * in backups that name them) and its files (as many, and as many bytes, as the manifest counts).
 */
export async function checkBackup(from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  const name =
    manifest.databaseFile?.name ?? (manifest.database === 'postgres' ? PG_DUMP_FILE : PGLITE_DUMP_FILE);
  const file = path.join(from, path.basename(name));
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new BackupError(`${file} is missing: an incomplete copy of the backup`);
  if (manifest.databaseFile) {
    const { bytes, sha256 } = manifest.databaseFile;
    if (size !== bytes || (await fileDigest(file)).sha256 !== sha256)
      throw new BackupError(
        `${file} is not the file the manifest names (${size} bytes, expected ${bytes}, or another digest): a damaged or incomplete copy of the backup`,
      );
  }
  if (manifest.files.where === 'backup') {
    const files = DiskObjectStore.inDataDir(path.join(from, FILES_DIR));
    let count = 0;
    let bytes = 0;
    for (const folder of STORED_FOLDERS)
      for await (const object of files.list(folder)) {
        count++;
        bytes += object.size;
      }
    if (count !== manifest.files.count || bytes !== manifest.files.bytes)
      throw new BackupError(
        `${path.join(from, FILES_DIR)} holds ${count} files (${bytes} bytes), the manifest counts ${manifest.files.count} (${manifest.files.bytes}): an incomplete copy of the backup`,
      );
  }
  return manifest;
}

async function checkPostgresEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'S')`,
    );
    if (Number(rows[0]!.n) > 0)
      throw new BackupError(
        'the database DATABASE_URL names is not empty: restore into a new, empty database',
      );
  } finally {
    await client.end();
  }
}

async function checkFilesEmpty(storage: ObjectStore): Promise<void> {
  for (const folder of STORED_FOLDERS)
    for await (const { key } of storage.list(folder))
      throw new BackupError(
        `the file store ${storage.location} already holds files (${key}): restore into an empty one`,
      );
}

async function restoreDatabase(
  manifest: BackupManifest,
  target: RestoreTarget,
  from: string,
): Promise<Database> {
  if (manifest.database === 'postgres') {
    await runPgTool('pg_restore', target.databaseUrl!, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      path.join(from, PG_DUMP_FILE),
    ]);
    const database = await openPostgres(target.databaseUrl!, 2);
    // pg_restore leaves the planner without column statistics until autovacuum gets round to each
    // table (never, on a server that runs without it): PostgreSQL's advice is ANALYZE after a restore.
    await database.query('analyze');
    return database;
  }
  const dir = path.join(target.dataDir, 'pglite');
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new BackupError(`${dir} already holds a database: restore into a new DATA_DIR`);
  return openEmbedded(target.dataDir, new Blob([await readFile(path.join(from, PGLITE_DUMP_FILE))]));
}

async function restoreSecretKey(
  target: RestoreTarget,
  from: string,
  log: (line: string) => void,
): Promise<void> {
  const key = path.join(target.dataDir, SECRET_KEY_FILE);
  if (target.secretKeySet) log('SECRET_KEY is set: the key in the backup was left aside.');
  else if (existsSync(key)) log(`${key} exists already: the key in the backup was left aside.`);
  else await copyFile(path.join(from, SECRET_KEY_FILE), key);
}

/**
 * Brings a backup back into an empty store: the database (pg_restore into an empty PostgreSQL
 * database, or the data directory tarball into a new DATA_DIR), the files into the file store, the
 * secret key if the backup holds one; then counts every table's rows against the manifest.
 * The backup is checked whole (checkBackup; `checked` when the caller did it already) and the
 * store empty before anything is written.
 */
export async function restoreStore(
  target: RestoreTarget,
  from: string,
  opts: { log?: (line: string) => void; checked?: BackupManifest } = {},
): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const manifest = opts.checked ?? (await checkBackup(from));
  if (manifest.database === 'postgres' && !target.databaseUrl)
    throw new BackupError('this is a backup of a PostgreSQL database: set DATABASE_URL to an empty database');
  if (manifest.database === 'pglite' && target.databaseUrl)
    throw new BackupError(
      'this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
    );
  if (target.databaseUrl) await checkPostgresEmpty(target.databaseUrl);
  if (manifest.files.where === 'backup') await checkFilesEmpty(target.storage);

  log(
    `Restoring the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database of ${manifest.createdAt}…`,
  );
  const database = await restoreDatabase(manifest, target, from);
  try {
    if (manifest.files.where === 'backup') {
      log(`Copying ${manifest.files.count} files into ${target.storage.location}…`);
      await copyObjects(DiskObjectStore.inDataDir(path.join(from, FILES_DIR)), target.storage, { log });
    } else {
      log(`The files were not in the backup: the restored store expects them in ${manifest.files.location}.`);
    }
    if (manifest.secretKey) await restoreSecretKey(target, from, log);
    const facts = await readSnapshotFacts((sql) => database.query(sql));
    const differ = Object.keys({ ...manifest.rows, ...facts.rows }).filter(
      (table) => manifest.rows[table] !== facts.rows[table],
    );
    if (differ.length > 0)
      throw new BackupError(
        `the restored database differs from the backup in ${differ.map((t) => `${t} (${facts.rows[t] ?? 'none'} rows, expected ${manifest.rows[t] ?? 'none'})`).join(', ')}`,
      );
  } finally {
    await database.close();
  }
  return manifest;
}
