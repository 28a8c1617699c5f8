import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import { copyObjects } from '#server/storage/copy-objects.ts';
import { DiskObjectStore, type ObjectStore } from '#server/storage/object-store.ts';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  FILES_DIR,
  MANIFEST,
  PG_DUMP_FILE,
  PGLITE_DUMP_FILE,
  SECRET_KEY_FILE,
} from './manifest.ts';
import { BackupError, runPgTool } from './pg-tools.ts';
import { readSnapshotFacts, type SnapshotFacts } from './snapshot-facts.ts';

export interface BackupSource {
  database: Database;
  /** The PostgreSQL server's URL, for pg_dump; none for the embedded database. */
  databaseUrl?: string;
  storage: ObjectStore;
  dataDir: string;
}

/**
 * pg_dump in one REPEATABLE READ transaction's exported snapshot, so that the dump, the row counts
 * and the list of documents are all of the same instant while the store goes on taking orders.
 */
async function dumpPostgres(url: string, file: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    const { rows } = await client.query<{ s: string }>('select pg_export_snapshot() as s');
    const query = async <T>(sql: string) => (await client.query(sql)).rows as T[];
    const [facts] = await Promise.all([
      readSnapshotFacts(query),
      runPgTool('pg_dump', url, ['--format=custom', `--snapshot=${rows[0]!.s}`, `--file=${file}`]),
    ]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** The embedded database's data directory (its process holds the lock, so nothing else writes). */
async function dumpPglite(database: Database, file: string): Promise<SnapshotFacts> {
  if (!database.dumpDataDir) throw new BackupError('this database cannot dump its data directory');
  const facts = await readSnapshotFacts((sql) => database.query(sql));
  const tarball = await database.dumpDataDir();
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  return facts;
}

async function ensureEmptyDir(dir: string): Promise<void> {
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new BackupError(`${dir} is not empty: back up into a new or empty folder`);
  // Buyers' documents are inside: only the owner may read the folder.
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Copies the store's files, then checks that every document the snapshot names is among them. */
async function copyFiles(
  storage: ObjectStore,
  to: string,
  documentKeys: string[],
  log: (line: string) => void,
): Promise<BackupManifest['files']> {
  if (storage.kind === 's3') {
    log(
      `Files live in ${storage.location}: they are not copied; keep the bucket's own versioning or replication.`,
    );
    return { where: 'bucket', location: storage.location };
  }
  const target = DiskObjectStore.inDataDir(path.join(to, FILES_DIR));
  const report = await copyObjects(storage, target, { log });
  const missing: string[] = [];
  for (const key of documentKeys) if ((await target.size(`private/${key}`)) === null) missing.push(key);
  if (missing.length > 0)
    throw new BackupError(
      `${missing.length} document file(s) the database names are missing (removed during the backup, or lost before it), e.g. private/${missing[0]}; run the backup again`,
    );
  return { where: 'backup', count: report.copied, bytes: report.bytes };
}

/**
 * Writes a consistent snapshot of the store into `to` (a new or empty folder): the database dump,
 * the files (or a note that they live in the bucket), optionally the data directory's secret key,
 * and last `manifest.json`, so a folder without it is an unfinished backup.
 */
export async function backupStore(
  src: BackupSource,
  to: string,
  opts: { withSecretKey?: boolean; log?: (line: string) => void } = {},
): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  await ensureEmptyDir(to);
  const postgres = src.database.kind === 'postgres';
  if (postgres && !src.databaseUrl) throw new BackupError('the PostgreSQL database has no URL to dump');
  log(`Dumping the ${postgres ? 'PostgreSQL' : 'embedded'} database…`);
  const facts = postgres
    ? await dumpPostgres(src.databaseUrl!, path.join(to, PG_DUMP_FILE))
    : await dumpPglite(src.database, path.join(to, PGLITE_DUMP_FILE));
  const files = await copyFiles(src.storage, to, facts.documentKeys, log);
  let secretKey = false;
  const keyFile = path.join(src.dataDir, SECRET_KEY_FILE);
  if (opts.withSecretKey) {
    if (!existsSync(keyFile))
      throw new BackupError(
        `--with-secret-key: there is no ${keyFile} (a key set in SECRET_KEY stays where it is kept)`,
      );
    await copyFile(keyFile, path.join(to, SECRET_KEY_FILE));
    secretKey = true;
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: postgres ? 'postgres' : 'pglite',
    migration: facts.migration,
    rows: facts.rows,
    files,
    secretKey,
  };
  await writeFile(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
