/**
 * `npm run test:e2e`: starts one real server on the built app (seeded demo catalogue, its own
 * DATA_DIR, a free port), runs every e2e/*.spec.ts against it with Node's test runner, stops it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { CHROMIUM_PATH } from './support/browser.ts';
import { startServer } from './support/server.ts';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `e2e: no browser at ${CHROMIUM_PATH}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const specs = readdirSync('e2e')
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => `e2e/${f}`);
const server = await startServer();
console.log(`e2e: store running at ${server.url}`);
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs], {
    env: { ...process.env, E2E_BASE_URL: server.url },
    stdio: 'inherit',
  });
  child.on('exit', (c) => resolve(c ?? 1));
});
await server.stop();
process.exit(code);
