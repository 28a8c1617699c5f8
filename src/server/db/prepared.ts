import type { Db } from './client.ts';

/**
 * A query built once per database and run as a named prepared statement: drizzle skips building
 * the SQL and PostgreSQL skips parsing and planning it (per connection) on hot paths such as the
 * session lookup on every signed-in request.
 */
export function preparedFor<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
