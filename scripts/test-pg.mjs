/**
 * `npm run test:pg`: the server test suite again, on a PostgreSQL server instead of PGlite.
 * TEST_DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres; each run creates
 * its own databases there and drops them after. Without a server that answers, says so and
 * exits 0 (CI runs it "when it answers").
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
} catch (err) {
  console.log(
    `test:pg: no PostgreSQL answers at ${url.replace(/:[^:@/]*@/, ':***@')} (${err.code ?? err.message}); skipped.`,
  );
  process.exit(0);
}
console.log(`test:pg: running the server suite on ${url.replace(/:[^:@/]*@/, ':***@')}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
