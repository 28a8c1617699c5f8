/**
 * The real `npm start` entry point as a child process: start-up failures print one clear line
 * and exit non-zero; SIGTERM drains and exits 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'smokestack-main-'));
  dirs.push(d);
  return d;
}

function run(
  env: Record<string, string>,
  onOutput?: (text: string, kill: (sig: NodeJS.Signals) => void) => void,
) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        BUILD_WEB: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d;
      onOutput?.(output, (sig) => child.kill(sig));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // Only a start that hangs is stopped: a slow one (tsx compiling the server on a loaded
    // two-core machine takes 10–30 s) is waited for, since its exit is the result.
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A child process's own limit, and each test's room for the one or two it starts. */
const CHILD_LIMIT_MS = 150_000;
const CHILD_TEST = { timeout: 2 * CHILD_LIMIT_MS + 10_000 };

/** The lines of our own (not npm's or Node's warnings). */
const ownLines = (output: string) => output.split('\n').filter((l) => l.startsWith('smokestack:'));

describe('npm start', () => {
  it('refuses a port that is taken, in one line', CHILD_TEST, async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    const { code, output } = await run({ PORT: String(port), DATA_DIR: tempDir() });
    blocker.close();
    expect(code).toBe(1);
    expect(ownLines(output)).toEqual([
      `smokestack: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
    ]);
  });

  it('refuses an unreachable DATABASE_URL, without printing its password', CHILD_TEST, async () => {
    const { code, output } = await run({
      PORT: '0',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://app:s3cret@127.0.0.1:1/store',
    });
    expect(code).toBe(1);
    const lines = ownLines(output);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^smokestack: Cannot reach the database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/store \(ECONNREFUSED\)$/,
    );
    expect(output).not.toContain('s3cret');
  });

  // A file in the way stands for any unwritable DATA_DIR (permission tests cannot fail as root).
  it('refuses a DATA_DIR that is a file', CHILD_TEST, async () => {
    const dir = tempDir();
    const file = path.join(dir, 'not-a-dir');
    writeFileSync(file, '');
    const { code, output } = await run({ PORT: '0', DATA_DIR: file });
    expect(code).toBe(1);
    expect(ownLines(output)).toEqual([
      expect.stringMatching(/^smokestack: DATA_DIR .*not-a-dir is not writable \(E\w+\)$/),
    ]);
  });

  it('refuses a file store it cannot reach, naming it, with no credentials printed', CHILD_TEST, async () => {
    const { code, output } = await run({
      PORT: '0',
      DATA_DIR: tempDir(),
      STORAGE_URL: 's3://shop-files/prod?endpoint=http%3A%2F%2F127.0.0.1%3A1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret',
    });
    expect(code).toBe(1);
    const lines = ownLines(output);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^smokestack: cannot reach the file store s3:\/\/shop-files\/prod: /);
    expect(output).not.toContain('wJalrXUtnFEMI-secret');
  });

  it('refuses credentials in STORAGE_URL, naming where they go', CHILD_TEST, async () => {
    const bad = await run({ PORT: '0', DATA_DIR: tempDir(), STORAGE_URL: 's3://key:secret@bucket' });
    expect(ownLines(bad.output)).toEqual([
      'smokestack: STORAGE_URL: STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    ]);
  });

  it('refuses a bad setting by name', CHILD_TEST, async () => {
    const { code, output } = await run({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(code).toBe(1);
    expect(ownLines(output)[0]).toMatch(/^smokestack: Invalid configuration: PORT:/);
  });

  it('serves, then drains and exits 0 on SIGTERM', CHILD_TEST, async () => {
    let signalled = false;
    const { code, output } = await run({ PORT: '0', DATA_DIR: tempDir() }, (text, kill) => {
      if (!signalled && text.includes('is running at')) {
        signalled = true;
        kill('SIGTERM');
      }
    });
    expect(output).toContain('is running at http://localhost:');
    expect(code).toBe(0);
  });
});
