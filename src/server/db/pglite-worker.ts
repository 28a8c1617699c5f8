/**
 * The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so its WebAssembly
 * never holds the event loop that answers HTTP. Messages in: { id, op, … }; out: { id, ok, value }
 * or { id, ok: false, error }, and { sub, payload } for a LISTEN's notifications.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

interface Request {
  id: number;
  op: 'query' | 'begin' | 'end' | 'listen' | 'unlisten' | 'dump' | 'close';
  text?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Types returned as the database's text (drizzle's parsers are all `value => value`). */
  rawTypes?: number[];
  tx?: number;
  commit?: boolean;
  channel?: string;
  sub?: number;
  compression?: 'gzip' | 'none';
}

const { dataDir, loadDataDir } = workerData as { dataDir?: string; loadDataDir?: ArrayBuffer };
const port = parentPort!;
const db = await PGlite.create({
  dataDir,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  extensions: { pg_trgm },
});

const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> }>();
const subs = new Map<number, () => Promise<void>>();
const rawParsers = new Map<string, Record<number, (v: string) => string>>();
let nextId = 1;

const parsersFor = (types: number[]) => {
  const key = types.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((t) => [t, (v: string) => v]));
    rawParsers.set(key, parsers);
  }
  return parsers;
};

/** BEGIN: resolves once inside PGlite's transaction, which stays open until `end`. */
function begin(): Promise<number> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => {
      finish = r;
    });
    const done = db.transaction(async (tx) => {
      open.set(id, { tx, finish, done });
      resolve(id);
      if (!(await decided)) await tx.rollback();
    });
    done.catch(reject); // BEGIN itself failed (a later failure is end's to report)
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const entry = open.get(id);
  if (!entry) return;
  open.delete(id);
  entry.finish(commit);
  await entry.done;
}

async function handle(m: Request): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const on = m.tx === undefined ? db : open.get(m.tx)?.tx;
      if (!on) throw new Error('the transaction has ended');
      const options = m.rawTypes?.length
        ? { rowMode: m.rowMode, parsers: parsersFor(m.rawTypes) }
        : m.rowMode
          ? { rowMode: m.rowMode }
          : undefined;
      const { rows, fields, affectedRows } = await on.query(m.text!, m.params, options);
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin();
    case 'end':
      return end(m.tx!, m.commit!);
    case 'listen': {
      const sub = nextId++;
      subs.set(sub, await db.listen(m.channel!, (payload) => port.postMessage({ sub, payload })));
      return sub;
    }
    case 'unlisten':
      await subs.get(m.sub!)?.();
      subs.delete(m.sub!);
      return undefined;
    case 'dump':
      return (await db.dumpDataDir(m.compression)).arrayBuffer();
    case 'close':
      if (!db.closed) await db.close();
      return undefined;
  }
}

/** What of an error crosses over: its message and its plain fields (code, constraint, detail…). */
function plain(err: unknown) {
  const e = err as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(e).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
  return { ...fields, message: String(e?.message ?? err), name: String(e?.name ?? 'Error') };
}

port.on('message', (m: Request) => {
  handle(m).then(
    (value) => port.postMessage({ id: m.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
    (err) => port.postMessage({ id: m.id, ok: false, error: plain(err) }),
  );
});
port.postMessage({ ready: true });
