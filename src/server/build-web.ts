import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

/** True when dist/web is missing or older than any web source. */
export function webBuildIsStale(root: string, webDist: string): boolean {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export async function buildWeb(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
