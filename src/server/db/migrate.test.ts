import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, databaseUrl } from '#tests/pg-urls.ts';
import { openPostgres } from './client.ts';

const server = process.env.TEST_DATABASE_URL;
const name = `smokestack_m_${process.pid}_${randomBytes(3).toString('hex')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl(server!) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (server) await admin(`drop database if exists ${name} with (force)`);
});

describe.skipIf(!server)('migrations on a PostgreSQL server', () => {
  it('instances starting together on an empty database migrate it once, and all of them start', async () => {
    await admin(`create database ${name}`);
    const url = databaseUrl(server!, name);
    const instances = await Promise.all([1, 2, 3].map(() => openPostgres(url, 2)));
    try {
      const results = await Promise.allSettled(instances.map((db) => db.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const [applied] = await instances[0]!.query<{ n: string }>(
        'select count(*) as n from drizzle.__drizzle_migrations',
      );
      const { entries } = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } }))
        .default;
      expect(Number(applied!.n)).toBe(entries.length);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });
});
