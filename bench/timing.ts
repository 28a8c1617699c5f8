/**
 * What the database benches share (receivables-bench.ts, reports-bench.ts): percentiles of timed
 * rounds in this process, and running a measure on a fresh PGlite and on a database of its own on
 * the PostgreSQL server (created, and dropped after unless BENCH_KEEP is set).
 */
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';

export function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** `fn` once to warm up, then `rounds` times: the p50 and p95 of those. */
export async function timed(fn: () => Promise<unknown>, rounds: number) {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return percentiles(samples);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** `measure` on a migrated PGlite, then on a migrated database `name` of the server at `pgUrl`. */
export async function onBothDatabases(
  name: string,
  pgUrl: string | null,
  measure: (where: string, database: Database) => Promise<string[][]>,
): Promise<string[][]> {
  const rows: string[][] = [];
  const lite = await openPglite();
  try {
    await lite.migrate();
    rows.push(...(await measure('PGlite', lite)));
  } finally {
    await lite.close();
  }
  if (!pgUrl) return rows;
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
  } catch {
    rows.push(['PostgreSQL: not reachable; skipped', '', '']);
    return rows;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const server = await openPostgres(url.toString());
  try {
    await server.migrate();
    rows.push(...(await measure('PostgreSQL', server)));
  } finally {
    await server.close();
    if (!process.env.BENCH_KEEP) await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
  return rows;
}
