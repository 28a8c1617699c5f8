import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { type Database, openPglite, openPostgres } from './client.ts';

export class StartupError extends Error {}

/** DATA_DIR must exist and be writable (PGlite data, media, later uploaded documents). */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${(err as NodeJS.ErrnoException).code ?? err})`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: two servers on one data directory would corrupt it, so a lock file
 * holds the owner's pid. A stale lock (its process gone) is taken over.
 */
function lockPgliteDir(dir: string): () => void {
  const lock = path.join(dir, 'smokestack.lock');
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new StartupError(
        `The database in ${dir} is in use by another Smokestack process (pid ${pid}); stop it or set DATA_DIR`,
      );
    }
  } catch (err) {
    if (err instanceof StartupError) throw err;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, config.databasePoolSize);
    try {
      await database.ping();
    } catch (err) {
      await database.close().catch(() => {});
      const where = safeUrl(config.databaseUrl);
      throw new StartupError(
        `Cannot reach the database at ${where} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
    }
    return database;
  }
  return openEmbedded(config.dataDir);
}

/**
 * The embedded database in DATA_DIR/pglite under the data directory's lock (released on close);
 * `loadDataDir` starts it from a data directory tarball (a restore).
 */
export async function openEmbedded(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = lockPgliteDir(dataDir);
  try {
    const database = await openPglite({ dataDir: dir, loadDataDir });
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      unlock();
    };
    return database;
  } catch (err) {
    unlock();
    throw new StartupError(`Cannot open the embedded database in ${dir}: ${(err as Error).message}`);
  }
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = u.password ? '***' : '';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
