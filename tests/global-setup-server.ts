/**
 * Runs once before the server tests: migrates and seeds a template database (the small demo
 * catalogue), so each test file starts from a copy instead of migrating and seeding again.
 * PGlite: a data-directory dump. PostgreSQL (TEST_DATABASE_URL): a template database that
 * every file clones with CREATE DATABASE … TEMPLATE, dropped again at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import { seedCatalogue } from '../src/server/modules/catalogue/demo/seed-catalogue.ts';
import { MediaStore } from '../src/server/storage/media-store.ts';
import { DiskObjectStore } from '../src/server/storage/object-store.ts';
import { adminUrl, databaseUrl } from './pg-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateTar: string;
    templateDatabase: string;
    mediaDir: string;
  }
}

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-test-'));
  const mediaDir = path.join(workDir, 'media');
  const media = new MediaStore(new DiskObjectStore({ media: mediaDir }));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let templateDatabase = '';
  let templateTar = '';

  if (serverUrl) {
    templateDatabase = `smokestack_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`create database ${templateDatabase}`);
    await admin.end();
    const database = await openPostgres(databaseUrl(serverUrl, templateDatabase), 2);
    await database.migrate();
    await seedCatalogue(database.db, { size: 'small', media, sellerName: 'Test Wholesale' });
    await database.close();
  } else {
    const database = await openPglite();
    await database.migrate();
    await seedCatalogue(database.db, { size: 'small', media, sellerName: 'Test Wholesale' });
    const dump = await database.client.dumpDataDir('none');
    templateTar = path.join(workDir, 'template.tar');
    writeFileSync(templateTar, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('templateTar', templateTar);
  project.provide('templateDatabase', templateDatabase);
  project.provide('mediaDir', mediaDir);

  return async () => {
    if (serverUrl && templateDatabase) {
      const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await admin.connect();
      await admin.query(`drop database if exists ${templateDatabase} with (force)`);
      await admin.end();
    }
    rmSync(workDir, { recursive: true, force: true });
  };
}
