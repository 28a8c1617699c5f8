import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { DomainError } from '#server/errors.ts';
import { messages } from '#shared/messages.ts';

/**
 * scrypt at OWASP's recommended cost (N = 2^17, r = 8, p = 1). The parameters travel inside the
 * stored hash, so a cheaper cost for tests (SCRYPT_LOG_N) or a stronger one later still verifies
 * every existing hash. Format: scrypt$<logN>$<r>$<p>$<salt b64>$<key b64>.
 */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT: ScryptCost = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

export class HashingBusy extends DomainError {
  constructor() {
    super(503, messages.busy);
  }
}

/**
 * scrypt runs on libuv's small thread pool (4 threads), which file reads share: two dozen
 * sign-ups or resets at once used to hold every thread for seconds, and a static file waited
 * behind them (7.7 s in `npm run bench`). Hashes take turns here instead: at most one per core
 * and never more than 3 at once, so at least one pool thread stays free for files; at most
 * `maxWaiting` queued, and beyond that the request is refused at once (503) rather than left to
 * pile up memory (each OWASP-cost hash holds 128 MB while it runs). On 2 cores, one hash at a
 * time doubled how long a burst of 24 password changes took; two at a time cost 1.5× and kept a
 * static file's p99 within 2× of idle.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most hashes seen running at once, and how many were asked for (tests read them). */
  peak = 0;
  runs = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs++;
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new HashingBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` only drops when nobody waits.
      if (next) next();
      else this.running--;
    }
  }
}

export const hashQueue = new HashQueue(Math.max(1, Math.min(3, availableParallelism())), 64);

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return hashQueue.run(() => deriveNow(password, salt, cost));
}

function deriveNow(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.logN, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
