/**
 * The timed ordering rounds of the bench server (from the end of a cart fill to the next control
 * call), watched two ways:
 *  - CPU split, always (Linux): the CPU time of the database server's processes, of this process
 *    (the app, every thread) and of its parent (the load generator, bench/run.ts), and the
 *    machine's idle time, summed by kind of round (`http`, `direct`...): what an order costs each
 *    part, and whether the cores were full. Read from /proc; a few milliseconds a round.
 *  - BENCH_CPU_PROFILE=dir: a .cpuprofile per round named by its kind, so where an order's time
 *    goes over HTTP and direct can be compared without the set-up, the fills and the cart reads.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Milliseconds of CPU (or, for idle and wall, of time) in the timed rounds of one kind. */
export interface CpuSplit {
  rounds: number;
  wallMs: number;
  database: number;
  app: number;
  loadGenerator: number;
  other: number;
  idle: number;
}

/** Clock ticks per second of /proc's counters: 100 on every Linux this runs on. */
const TICK_MS = 10;
const hasProc = existsSync('/proc/stat');

/** /proc's counters now: CPU by part, and the machine's idle time (summed over cores). */
function cpuNow(): Omit<CpuSplit, 'rounds' | 'wallMs'> {
  const out = { database: 0, app: 0, loadGenerator: 0, other: 0, idle: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
    const pid = Number(entry);
    // The postmaster counts the backends that ended (a pool closing idle connections) as its
    // children's time: without it their CPU would vanish from the sum.
    if (comm === 'postgres') out.database += ms + (Number(fields[13]) + Number(fields[14])) * TICK_MS;
    else if (pid === process.pid) out.app += ms;
    else if (pid === process.ppid) out.loadGenerator += ms;
    else out.other += ms;
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  out.idle = (cpu[3]! + cpu[4]!) * TICK_MS; // idle + iowait
  return out;
}

export class RoundProfiler {
  private session: Session | undefined;
  private running: string | undefined;
  private count = 0;
  private startedAt = { wall: 0, cpu: hasProc ? cpuNow() : undefined };
  readonly split = new Map<string, CpuSplit>();

  constructor(private readonly dir: string | undefined) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  async start(kind: string): Promise<void> {
    await this.stop();
    this.running = kind;
    if (this.dir) {
      if (!this.session) {
        this.session = new Session();
        this.session.connect();
        await this.session.post('Profiler.enable');
      }
      await this.session.post('Profiler.start');
    }
    this.startedAt = { wall: performance.now(), cpu: hasProc ? cpuNow() : undefined };
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    const kind = this.running;
    this.running = undefined;
    this.count++;
    if (this.startedAt.cpu) {
      const now = cpuNow();
      const s = this.split.get(kind) ?? {
        rounds: 0,
        wallMs: 0,
        database: 0,
        app: 0,
        loadGenerator: 0,
        other: 0,
        idle: 0,
      };
      s.rounds++;
      s.wallMs += performance.now() - this.startedAt.wall;
      for (const k of ['database', 'app', 'loadGenerator', 'other', 'idle'] as const)
        s[k] += now[k] - this.startedAt.cpu[k];
      this.split.set(kind, s);
    }
    if (!this.session) return;
    const { profile } = await this.session.post('Profiler.stop');
    const name = `${String(this.count).padStart(3, '0')}-${kind}.cpuprofile`;
    writeFileSync(path.join(this.dir!, name), JSON.stringify(profile));
  }
}
