import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

export class BackupError extends Error {}

/**
 * Runs PostgreSQL's own client tool (`pg_dump`, `pg_restore`) against the database `url` names. The
 * password goes in PGPASSWORD, never on the command line (where `ps` would show it). With
 * `stdoutTo`, what the tool writes on its standard output goes into that file through this process:
 * should this process die (a SIGKILL), the tool's next write fails and it stops too, rather than
 * going on alone into an unfinished backup.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
  opts: { stdoutTo?: string } = {},
): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PGPASSWORD: password || process.env.PGPASSWORD };
  if (!env.PGPASSWORD) delete env.PGPASSWORD;
  const child = spawn(tool, [...args, `--dbname=${u.toString()}`], {
    env,
    stdio: ['ignore', opts.stdoutTo ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    if (stderr.length < 8_000) stderr += chunk;
  });
  const written = opts.stdoutTo
    ? pipeline(child.stdout!, createWriteStream(opts.stdoutTo, { mode: 0o600 }))
    : Promise.resolve();
  written.catch(() => {}); // awaited below, once the tool has ended
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client)`,
      );
    throw err;
  });
  // The tool's own failure first: a broken pipe behind it says less.
  if (code !== 0)
    throw new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  await written;
}
