/**
 * `npm run test:e2e`: starts one real server on the built app (seeded demo catalogue, its own
 * DATA_DIR, a free port), runs every e2e/*.spec.ts against it with Node's test runner, stops it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from './support/browser.ts';
import { startMailbox } from './support/mailbox.ts';
import { startServer } from './support/server.ts';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `e2e: no browser at ${CHROMIUM_PATH}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

// `node --import tsx e2e/run.ts orders` runs only the specs whose names contain "orders".
const only = process.argv.slice(2);
const specs = readdirSync('e2e')
  .filter((f) => f.endsWith('.spec.ts') && (!only.length || only.some((o) => f.includes(o))))
  .map((f) => `e2e/${f}`);
const mailboxDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-mailbox-'));
const mailbox = await startMailbox(mailboxDir);
const server = await startServer({ SMTP_URL: mailbox.url });
console.log(`e2e: store running at ${server.url}`);
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs], {
    env: { ...process.env, E2E_BASE_URL: server.url, E2E_MAILBOX: mailboxDir },
    stdio: 'inherit',
  });
  child.on('exit', (c) => resolve(c ?? 1));
});
await server.stop();
await mailbox.close();
rmSync(mailboxDir, { recursive: true, force: true });
process.exit(code);
