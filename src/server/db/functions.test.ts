import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#tests/test-app.ts';
import { type Database, functionDefinitions } from './client.ts';

/** A function file's body: the text between its `$$` quotes, as PostgreSQL keeps it (prosrc). */
const body = (sql: string) => {
  const [, inside] = sql.split('$$');
  if (inside === undefined) throw new Error('no $$ body');
  return inside;
};
const nameOf = (file: string) => file.replace(/\.sql$/, '');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('the database functions are their files', () => {
  it('there is one file for place_order', () => {
    expect(functionDefinitions().map((f) => f.file)).toContain('place_order.sql');
  });

  it('each live function is its file, once (no overload left by an older signature)', async () => {
    for (const f of functionDefinitions()) {
      const rows = await database.query<{ prosrc: string }>('select prosrc from pg_proc where proname = $1', [
        nameOf(f.file),
      ]);
      expect(rows, f.file).toHaveLength(1);
      expect(rows[0]!.prosrc, f.file).toBe(body(f.sql));
    }
  });

  it('migrating again applies them again and changes nothing', async () => {
    await database.migrate();
    await database.migrate();
    for (const f of functionDefinitions()) {
      const rows = await database.query<{ prosrc: string }>('select prosrc from pg_proc where proname = $1', [
        nameOf(f.file),
      ]);
      expect(rows.map((r) => r.prosrc)).toEqual([body(f.sql)]);
    }
  });
});
