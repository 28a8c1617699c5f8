import pg from 'pg';

/**
 * A pg Pool that keeps a connection when the server refused a statement on it.
 *
 * pg's own `pool.query` closes the connection whenever the statement fails, even when the server
 * answered with an error and the connection is sound (the statement, outside a transaction, was
 * rolled back and the server is ready for the next one): a raised exception such as place_order's
 * stock shortfall, a unique key, a cancelled statement. Each refused order then cost a new server
 * process (fork, sign-in, place_order compiled and every statement planned again): under load,
 * a connection a second per refusal, and the refusals' latency with it.
 *
 * Here a statement the server refused (a `DatabaseError`) gives its connection back to the pool;
 * any other failure (the socket broke, a client-side timeout) closes it as before, and so does an
 * error that ended the connection (pg then marks it unusable and the pool drops it).
 * Transactions do not go through here: they take a client with `connect()` and release it.
 */
export class KeepingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this forwards them.
  override query(...args: any[]): any {
    const [text, values, callback] = args;
    // Callback calls and query objects (cursors, streams) keep pg's own handling.
    if (typeof values === 'function' || typeof callback === 'function' || typeof text?.submit === 'function')
      return (super.query as (...a: unknown[]) => unknown)(...args);
    return this.run(text, values);
  }

  private async run(text: unknown, values: unknown): Promise<pg.QueryResult> {
    const client = await this.connect();
    // A checked-out client's socket error must not go unheard (it would crash the process); the
    // failed query rejects as well, and the client is then dropped below.
    let broken: unknown;
    const onError = (err: unknown) => {
      broken = err;
    };
    client.on('error', onError);
    let failure: unknown;
    try {
      return await client.query(text as string, values as unknown[]);
    } catch (err) {
      // A refusal keeps the connection; an error that ends the session (FATAL: terminated by an
      // administrator, the server shutting down) or any other failure drops it at once, before
      // another request could be given a connection that is already gone.
      const endsSession =
        err instanceof pg.DatabaseError && (err.severity === 'FATAL' || err.severity === 'PANIC');
      if (!(err instanceof pg.DatabaseError) || endsSession) failure = err;
      throw err;
    } finally {
      client.removeListener('error', onError);
      client.release((broken ?? failure) as Error | undefined);
    }
  }
}
