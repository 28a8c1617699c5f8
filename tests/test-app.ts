import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/server/app.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import type { Mailer } from '../src/server/modules/mail/mailer.ts';
import { DiskObjectStore, type ObjectStore } from '../src/server/storage/object-store.ts';
import { adminUrl, databaseUrl } from './pg-urls.ts';

export interface TestContext {
  app: App;
  database: Database;
  /** Where this app keeps private files (documents). */
  privateDir: string;
  /** The PostgreSQL server's database this app runs on (none on PGlite). */
  databaseUrl?: string;
  /** What the app was built with, to build another instance beside it. */
  deps: AppDeps;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL server's database (none on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the seeded template, and an app on it (not listening). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerDatabase(serverUrl, 't', inject('templateDatabase'));
  const tar = readFileSync(inject('templateTar'));
  const database = await openPglite({ loadDataDir: new Blob([tar]) });
  return { database, drop: () => database.close() };
}

/**
 * A brand-new empty database: no migrations, no seed (in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server), for tests that migrate it themselves (companies-migration.test.ts).
 */
export async function openEmptyDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerDatabase(serverUrl, 'e');
  const database = await openPglite();
  return { database, drop: () => database.close() };
}

/** `create database` on the server (from a template, or empty), dropped again by `drop()`. */
async function createServerDatabase(
  serverUrl: string,
  kind: string,
  template?: string,
): Promise<TestDatabase> {
  const name = `smokestack_${kind}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = databaseUrl(serverUrl, name);
  const database = await openPostgres(url, 4);
  return {
    database,
    url,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A clock tests can move: `clock.advance(ms)`. */
export function testClock(start = new Date('2026-11-22T12:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export async function createTestApp(
  opts: {
    clock?: () => Date;
    scryptLogN?: number;
    mailer?: Mailer;
    logger?: AppDeps['logger'];
    /** Where files live; by default the shared seeded media folder and a private folder of its own. */
    storage?: ObjectStore;
    /** The database to run on, instead of a fresh copy of the template (dropped with the app). */
    database?: TestDatabase;
    /** Other settings of the app (metrics token, proxy trust, instance id, where uploads land). */
    deps?: Partial<Pick<AppDeps, 'metricsToken' | 'trustProxy' | 'instanceId' | 'uploadDir' | 'http'>>;
  } = {},
): Promise<TestContext> {
  const { database, drop, url } = opts.database ?? (await openTestDatabase());
  const privateDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-private-'));
  const deps: AppDeps = {
    database,
    storage: opts.storage ?? new DiskObjectStore({ media: inject('mediaDir'), private: privateDir }),
    uploadDir: path.join(privateDir, 'tmp'),
    storeName: 'Test Wholesale',
    storeShortName: 'TestCo',
    // Cheap hashing keeps the suite fast; password.test.ts covers the OWASP cost.
    scryptCost: { logN: opts.scryptLogN ?? 10, r: 8, p: 1 },
    clock: opts.clock,
    mailer: opts.mailer,
    logger: opts.logger,
    publicUrl: 'http://localhost:3000',
    ...opts.deps,
    // No shedding for a lagging event loop or a full heap (0: off) unless a test asks for it: a
    // loaded test machine's stalls are not an overload, and would turn answers under test into 503s.
    http: { maxEventLoopDelayMs: 0, maxHeapShare: 0, ...opts.deps?.http },
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    database,
    privateDir,
    databaseUrl: url,
    deps,
    async close() {
      await app.close();
      await drop();
      rmSync(privateDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's app: made before its tests, closed after them. Read it inside tests (`t.app`,
 * `t.database`); it forwards to the app the file's `beforeAll` made.
 */
export function testAppForFile(opts: Parameters<typeof createTestApp>[0] = {}): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestApp(opts);
  });
  afterAll(async () => current?.close());
  return new Proxy({} as TestContext, {
    get(_, key) {
      if (!current) throw new Error('the test app is made in beforeAll: use it inside a test or hook');
      return current[key as keyof TestContext];
    },
  });
}
