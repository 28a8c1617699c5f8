import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '#server/db/client.ts';

/** What a database snapshot holds, read inside the snapshot itself. */
export interface SnapshotFacts {
  /** Rows per table of the public schema. */
  rows: Record<string, number>;
  /** The newest migration applied (its tag), or null for a database never migrated. */
  migration: string | null;
  /** The storage keys of buyers' documents (`documents/…`, kept under `private/`). */
  documentKeys: string[];
}

type Query = <T>(sql: string) => Promise<T[]>;

function migrationTag(createdAt: string): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((e) => String(e.when) === createdAt)?.tag ?? `migration of ${createdAt}`;
}

export async function readSnapshotFacts(query: Query): Promise<SnapshotFacts> {
  const tables = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = await query<{ n: string }>(
      `select count(*) as n from public."${name.replaceAll('"', '""')}"`,
    );
    rows[name] = Number(r!.n);
  }
  const [schema] = await query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  let migration: string | null = null;
  if (schema!.ok) {
    const [m] = await query<{ at: string }>(
      'select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    migration = m ? migrationTag(m.at) : null;
  }
  const documentKeys =
    'documents' in rows
      ? (await query<{ key: string }>('select storage_key as key from documents order by 1')).map(
          (d) => d.key,
        )
      : [];
  return { rows, migration, documentKeys };
}
