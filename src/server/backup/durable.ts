import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Flushes a file or a folder to disk. A process killed with SIGKILL loses nothing the system has
 * taken; a machine that loses power loses what was not flushed. Folders cannot be opened for that
 * on every system (Windows): there it is left to the system.
 */
export async function flush(target: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(target, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EISDIR' || (err as NodeJS.ErrnoException).code === 'EPERM')
      return;
    throw err;
  }
  try {
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EPERM' && code !== 'EISDIR') throw err;
  } finally {
    await handle.close();
  }
}

/** Flushes every file and folder under `dir`, and `dir` itself. */
export async function flushTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await flushTree(child);
    else if (entry.isFile()) await flush(child);
  }
  await flush(dir);
}

/**
 * Writes a file whole or not at all: under a temporary name, flushed, renamed into place, and the
 * folder flushed (the rename is what makes it appear, complete).
 */
export async function writeWhole(file: string, text: string, mode: number): Promise<void> {
  const temp = `${file}.part`;
  await writeFile(temp, text, { mode });
  await flush(temp);
  await rename(temp, file);
  await flush(path.dirname(file));
}

/** A file's size and SHA-256, as a backup's manifest records its database file. */
export async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}
