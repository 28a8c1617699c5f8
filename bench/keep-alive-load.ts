/**
 * The ordering rounds' load generator: `concurrency` keep-alive HTTP/1.1 connections, each sending
 * its next request when the last one's answer is in, until every request has gone once. The
 * requests are whole byte strings built before the clock starts, and answers are read only for
 * their status and length: the load generator shares the machine's two cores with the app and the
 * database, and autocannon spent about 85 µs of CPU on each order (rebuilding every request and
 * sampling), which the app and PostgreSQL then did not have; this one spends about 55 µs. The
 * direct loop has no load generator at all.
 */
import net from 'node:net';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  total: number;
  /** Answers by status code. */
  codes: Record<string, number>;
  /** Each request's time from its first byte written to its answer's last byte read (ms), sorted. */
  latencies: number[];
  seconds: number;
}

/** The request as it goes on the wire. */
function encode(host: string, r: LoadRequest): Buffer {
  const body = r.body === undefined ? undefined : Buffer.from(r.body);
  let head = `${r.method} ${r.path} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\n`;
  for (const [k, v] of Object.entries(r.headers)) head += `${k}: ${v}\r\n`;
  if (body) head += `content-length: ${body.length}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head);
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * How long the answer at the start of `buf` is (bytes), with its status; undefined while it is not
 * all in. Knows content-length and chunked bodies (what Fastify sends).
 */
function answerLength(buf: Buffer): { length: number; status: number } | undefined {
  const headEnd = buf.indexOf(HEADER_END);
  if (headEnd < 0) return undefined;
  const head = buf.subarray(0, headEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const total = headEnd + 4 + Number(length[1]);
    return buf.length >= total ? { length: total, status } : undefined;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { length: headEnd + 4, status };
  let at = headEnd + 4;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
    at = lineEnd + 2 + size + 2;
    if (at > buf.length) return undefined;
    if (size === 0) return { length: at, status };
  }
}

/** One connection answering requests one after another. */
class Connection {
  private buf: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | undefined;
  private failed: ((err: Error) => void) | undefined;
  /** Why the connection ended, once it has: a later send fails at once instead of waiting forever. */
  private ended: Error | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
      const answer = answerLength(this.buf);
      if (!answer) return;
      this.buf = this.buf.subarray(answer.length);
      const done = this.waiting;
      this.waiting = this.failed = undefined;
      done?.(answer.status);
    });
    const fail = (err: Error) => {
      this.ended ??= err;
      const f = this.failed;
      this.waiting = this.failed = undefined;
      f?.(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed a keep-alive connection')));
  }

  static open(port: number, host: string): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<number> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.socket.write(request);
    });
  }

  close() {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }
}

/** Every request once, `concurrency` at a time over keep-alive connections opened beforehand. */
export async function sendEach(
  app: string,
  requests: LoadRequest[],
  concurrency: number,
): Promise<LoadResult> {
  const url = new URL(app);
  const wire = requests.map((r) => encode(url.host, r));
  const connections = await Promise.all(
    Array.from({ length: Math.min(concurrency, wire.length) }, () =>
      Connection.open(Number(url.port), url.hostname),
    ),
  );
  const codes: Record<string, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      connections.map(async (c) => {
        while (next < wire.length) {
          const request = wire[next++]!;
          const t0 = performance.now();
          const status = await c.send(request);
          latencies.push(performance.now() - t0);
          codes[status] = (codes[status] ?? 0) + 1;
        }
      }),
    );
  } finally {
    for (const c of connections) c.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return { total: latencies.length, codes, latencies: latencies.sort((a, b) => a - b), seconds };
}
