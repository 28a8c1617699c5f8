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
import { fileDigest, flush, flushTree, writeWhole } from './durable.ts';
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
 * and the list of documents are all of the same instant while the store goes on taking orders. The
 * dump comes through this process (see runPgTool): pg_dump does not outlive a backup that is killed.
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
      runPgTool('pg_dump', url, ['--format=custom', `--snapshot=${rows[0]!.s}`], { stdoutTo: file }),
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
  await flushTree(path.join(to, FILES_DIR)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err; // no files at all
  });
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
 * each flushed to disk, and last `manifest.json` — whole or not at all, naming the dump's size and
 * digest — so a folder without it is an unfinished backup (a process killed on the way leaves
 * one), and one whose dump does not match it a damaged copy. Restore refuses both.
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
  const dumpFile = path.join(to, postgres ? PG_DUMP_FILE : PGLITE_DUMP_FILE);
  const facts = postgres
    ? await dumpPostgres(src.databaseUrl!, dumpFile)
    : await dumpPglite(src.database, dumpFile);
  await flush(dumpFile);
  const files = await copyFiles(src.storage, to, facts.documentKeys, log);
  let secretKey = false;
  const keyFile = path.join(src.dataDir, SECRET_KEY_FILE);
  if (opts.withSecretKey) {
    if (!existsSync(keyFile))
      throw new BackupError(
        `--with-secret-key: there is no ${keyFile} (a key set in SECRET_KEY stays where it is kept)`,
      );
    await copyFile(keyFile, path.join(to, SECRET_KEY_FILE));
    await flush(path.join(to, SECRET_KEY_FILE));
    secretKey = true;
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: postgres ? 'postgres' : 'pglite',
    databaseFile: { name: path.basename(dumpFile), ...(await fileDigest(dumpFile)) },
    migration: facts.migration,
    rows: facts.rows,
    files,
    secretKey,
  };
  await writeWhole(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
  return manifest;
}
