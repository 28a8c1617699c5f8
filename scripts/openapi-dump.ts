/**
 * Prints the OpenAPI document the app serves at /api/docs/json, keys sorted, for diffing the API
 * contract across a refactor: `npx tsx scripts/openapi-dump.ts > before.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { openPglite } from '../src/server/db/client.ts';
import { DiskObjectStore } from '../src/server/storage/object-store.ts';

const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;

const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
const database = await openPglite();
await database.migrate();
const app = await buildApp({
  database,
  storage: DiskObjectStore.inDataDir(dir),
  uploadDir: path.join(dir, 'tmp'),
  storeName: 'Smokestack Wholesale',
  storeShortName: 'Smokestack',
});
await app.ready();
const doc = (await app.inject({ url: '/api/docs/json' })).json();
process.stdout.write(`${JSON.stringify(sorted(doc), null, 2)}\n`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
