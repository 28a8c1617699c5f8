import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { KeepingPool } from './keeping-pool.ts';
import { PgListener } from './pg-listener.ts';
import { PgliteThread } from './pglite-thread.ts';
import { DEFAULT_POOL_SIZE } from './pool-size.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code is written against this shape. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

/**
 * The database's functions as they are now: one file each in db/functions (place_order.sql), each
 * a single CREATE OR REPLACE. Migrations are history; these files are the definitions a reader
 * reads and a reviewer diffs. `migrate()` applies them after the migrations, every time: the same
 * text again changes nothing.
 */
export function functionDefinitions(): { file: string; sql: string }[] {
  return readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, sql: readFileSync(path.join(functionsFolder, file), 'utf8') }));
}

export interface MigrateOptions {
  /**
   * Apply the migrations only up to and including this one (its tag: '0028_selling_unit'), and
   * not the functions in db/functions, which follow the newest schema: a database as an older
   * release left it, for the tests of a migration (decision 015).
   */
  upTo?: string;
}

/**
 * Runs the migrator on the migrations folder and then applies the functions; with `upTo`, on a
 * copy of the folder whose journal ends at that migration (the migrator applies what the journal
 * lists), and no functions. The copy is removed after.
 */
async function runMigrations(
  options: MigrateOptions,
  migrateFolder: (folder: string) => Promise<void>,
  runSql: (sql: string) => Promise<unknown>,
): Promise<void> {
  if (options.upTo === undefined) {
    await migrateFolder(migrationsFolder);
    for (const f of functionDefinitions()) await runSql(f.sql);
    return;
  }
  const folder = migrationsUpTo(options.upTo);
  try {
    await migrateFolder(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A temporary copy of the migrations folder whose meta/_journal.json ends at the migration `tag`. */
function migrationsUpTo(tag: string): string {
  const journalFile = path.join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`migrate: no migration ${tag} in ${journalFile}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'smokestack-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }, null, 2),
  );
  return folder;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL and returns the rows (for the few queries the builder cannot express). */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Applies the migrations not applied yet, then the functions (db/functions); see MigrateOptions. */
  migrate(options?: MigrateOptions): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on a channel; returns a function that stops listening. Should the connection be lost
   * and come back (a server restart, the embedded database's thread restarted), the subscription
   * is restored by itself and `onRestored` runs: notifications sent meanwhile are lost, so the
   * subscriber catches up (reloads, reads what is new).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRestored?: () => void,
  ): Promise<() => Promise<void>>;
  /** Whether this instance hears notifications now (its listening connection is up): readiness. */
  listening(): boolean;
  /** Told once when the database goes out of reach, and once when it is back (for the log). */
  onConnection(listener: (event: 'lost' | 'restored') => void): void;
  notify(channel: string, payload: string): Promise<void>;
  /** Connections of the pool (a server's): open, idle, and requests waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's data directory as a gzipped tarball (PGlite only; for backups). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** A directory for the data, or undefined for an in-memory database. */
  dataDir?: string;
  /** A tarball made by `dumpDataDir`, to start from a template (tests). */
  loadDataDir?: Blob;
}

/** The embedded database, on a thread of its own (pglite-thread.ts). */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PgliteThread }> {
  const client = await PgliteThread.open(options);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    client,
    db,
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    async migrate(options = {}) {
      await runMigrations(
        options,
        (folder) => migratePglite(db as never, { migrationsFolder: folder }),
        (sql) => client.query(sql),
      );
    },
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onPayload, onRestored) {
      const stop = await client.listen(channel, onPayload, onRestored);
      return async () => stop();
    },
    listening: () => client.alive,
    onConnection: (listener) => client.onConnection(listener),
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export interface PostgresOptions {
  /**
   * How the server lists this instance's sessions (pg_stat_activity.application_name); an
   * `application_name` in the URL wins.
   */
  applicationName?: string;
}

export async function openPostgres(
  url: string,
  poolSize = DEFAULT_POOL_SIZE,
  { applicationName = 'smokestack' }: PostgresOptions = {},
): Promise<Database & { pool: pg.Pool }> {
  // A statement the server refuses (place_order's stock shortfall) keeps its connection (see KeepingPool).
  const pool = new KeepingPool({
    connectionString: url,
    application_name: applicationName,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // A connection whose server vanished without a word (a network cut) is found out by TCP's
    // probes after 10 s idle, not the system's default two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one checked out (a transaction) whose session the server ends: its query fails with the
  // error, and the pool drops it when it comes back unusable.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const watchers: ((event: 'lost' | 'restored') => void)[] = [];
  // One connection LISTENs for every channel, and comes back by itself (pg-listener.ts).
  const listener = new PgListener({ connectionString: url, application_name: applicationName }, (event) => {
    for (const watch of watchers) watch(event);
  });
  return {
    kind: 'postgres',
    pool,
    db,
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async migrate(options = {}) {
      // Instances starting together (a rolling restart, a scale-out) take turns: the first applies
      // what is new, the others then find nothing to do. The lock ends with its session.
      const client = new pg.Client({ connectionString: url, application_name: applicationName });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('smokestack-migrations'))");
        await runMigrations(
          options,
          (folder) => migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: folder }),
          (sql) => client.query(sql),
        );
      } finally {
        await client.end();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    listen: (channel, onPayload, onRestored) => listener.listen(channel, onPayload, onRestored),
    listening: () => listener.connected,
    onConnection: (watch) => {
      watchers.push(watch);
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
}
