import type { Database } from './client.ts';

/** How often an embedded store looks for tables whose statistics are behind. */
export const STATISTICS_CHECK_MS = 5 * 60_000;

/**
 * The tables of the store whose planner statistics are behind, as autovacuum would judge them by
 * their size: never analyzed yet but holding rows, or grown by a fifth (and a page) since. A table
 * that is still empty is left alone: analyzed empty, it would be planned as empty while it fills
 * (docs/operations.md), until the next analyze.
 */
const BEHIND = `
  select c.oid::regclass::text as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0
    and (c.reltuples < 0
      or pg_relation_size(c.oid) / current_setting('block_size')::int >= c.relpages * 1.2 + 1)
  order by 1`;

/**
 * The planner's statistics for an embedded store. A PostgreSQL server's autovacuum keeps them
 * fresh; PGlite runs none, so nothing did, and statements were planned from stale or absent ones as
 * the tables grew (the members bench of decision 015: orders 5.7 times faster once analyzed). So,
 * on PGlite only, as autovacuum would: now (after the start-up migrations and seed) and every
 * STATISTICS_CHECK_MS, `analyze` each table that is behind (one statement each: the embedded
 * database's one connection is held a moment per table, not for the whole store). A failure is
 * logged and the next round tries again: stale statistics make queries slow, never wrong.
 */
export function keepStatisticsFresh(
  database: Database,
  onError: (err: unknown) => void,
  everyMs = STATISTICS_CHECK_MS,
): { stop(): void; done: Promise<void> } {
  if (database.kind !== 'pglite') return { stop() {}, done: Promise.resolve() };
  const run = async () => {
    try {
      for (const { name } of await database.query<{ name: string }>(BEHIND))
        await database.query(`analyze ${name}`);
    } catch (err) {
      onError(err);
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), done: run() };
}
