import { type ChildProcess, spawn } from 'node:child_process';
import { totpCode } from './staff.ts';

/**
 * Real processes for fault tests: `npm start` (src/server/main.ts) and the CLIs, each a child of the
 * test process that the test can kill with SIGKILL at a moment it chooses.
 */
export interface Child {
  process: ChildProcess;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** What it wrote on stdout, and on stderr. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once its output matches (rejects if it exits first). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started = new Set<ChildProcess>();

/** Runs `node --import tsx <script> …args` from the repository with `env` over the test's own. */
export function runNode(script: string, args: string[], env: Record<string, string | undefined>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const own = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  const onData = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
    output += d;
    own[stream] += d;
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData('stdout'));
  child.stderr!.on('data', onData('stderr'));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      started.delete(child);
      for (const w of waiters) w();
      resolve({ code, signal });
    }),
  );
  return {
    process: child,
    output: () => output,
    stdout: () => own.stdout,
    stderr: () => own.stderr,
    exited,
    waitFor(pattern, timeoutMs = 45_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => done(new Error(`timed out waiting for ${pattern}:\n${output}`)),
          timeoutMs,
        );
        const check = () => {
          const match = pattern.exec(output);
          if (match) done(null, match);
          else if (child.exitCode !== null || child.signalCode !== null)
            done(new Error(`exited before ${pattern}:\n${output}`));
        };
        const done = (err: Error | null, match?: RegExpExecArray) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (err) reject(err);
          else resolve(match!);
        };
        waiters.add(check);
        check();
      });
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Kills whatever this file started and is still running (a failed test's leftovers). */
export function killLeftovers(): void {
  for (const child of started) child.kill('SIGKILL');
}

export interface ServerProcess extends Child {
  origin: string;
  /** A request with the Origin of the server itself (as the browser sends from its pages). */
  request(
    path: string,
    init?: { method?: string; cookie?: string; body?: string; type?: string },
  ): Promise<Response>;
}

/** `npm start` with its own DATA_DIR (and DATABASE_URL), on a free port; resolves once it serves. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = runNode('src/server/main.ts', [], {
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    BUILD_WEB: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...env,
  });
  const [, port] = await child.waitFor(/is running at http:\/\/localhost:(\d+)/);
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...child,
    origin,
    request(path, init = {}) {
      return fetch(`${origin}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          origin,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.body !== undefined ? { 'content-type': init.type ?? 'application/json' } : {}),
        },
        body: init.body,
      });
    },
  };
}

/** Signs a staff member in on a real server, second factor included; returns the session cookie. */
export async function signInStaff(server: ServerProcess, email: string, password: string): Promise<string> {
  const signIn = await server.request('/api/v1/auth/signin', {
    method: 'POST',
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const sid = signIn.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('sign-in set no session cookie');
  const cookie = sid.split(';')[0]!;
  const setup = await server.request('/api/v1/admin/2fa/setup', { method: 'POST', cookie, body: '{}' });
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await server.request('/api/v1/admin/2fa/confirm', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ code: totpCode(secret, new Date()) }),
  });
  if (confirm.status !== 200) throw new Error(`second factor: ${confirm.status} ${await confirm.text()}`);
  return cookie;
}
