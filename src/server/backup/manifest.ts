import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './pg-tools.ts';

export const BACKUP_FORMAT = 'smokestack-backup/1';
export const MANIFEST = 'manifest.json';
/** The files of a backup: `database.pgdump` (pg_dump's custom format) or `database.tar.gz` (PGlite). */
export const PG_DUMP_FILE = 'database.pgdump';
export const PGLITE_DUMP_FILE = 'database.tar.gz';
export const FILES_DIR = 'files';
export const SECRET_KEY_FILE = 'secret.key';

/**
 * What a backup holds; written last, and atomically (a temporary name renamed into place once it and
 * everything before it are on disk), so a folder without it is an unfinished backup.
 */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The database file as written (a restore checks it before it writes anything); not in older backups. */
  databaseFile?: { name: string; bytes: number; sha256: string };
  /** The newest migration the database had (restore runs newer ones at the next start). */
  migration: string | null;
  /** Rows per table at the snapshot: a restore checks it finds the same. */
  rows: Record<string, number>;
  files: { where: 'backup'; count: number; bytes: number } | { where: 'bucket'; location: string };
  secretKey: boolean;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(`${dir} holds no ${MANIFEST}: not a Smokestack backup, or an unfinished one`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch (err) {
    throw new BackupError(
      `${path.join(dir, MANIFEST)} is damaged (${(err as Error).message}): not a usable backup`,
    );
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${dir} is a backup of another format (${String(manifest?.format)}); this version reads ${BACKUP_FORMAT}`,
    );
  return manifest;
}

/** "3 accounts, 12 orders, 5 documents, 40 audit entries, 90 products", for people. */
export function describeRows(rows: Record<string, number>): string {
  const n = (table: string) => rows[table] ?? 0;
  return `${n('users')} accounts, ${n('orders')} orders, ${n('documents')} documents, ${n('audit_log')} audit entries, ${n('products')} products`;
}
