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

// `node --import tsx e2e/run.ts orders` runs only the specs whose names contain "orders";
// options go to Node's test runner: `e2e/run.ts console --test-name-pattern=banners` runs one journey.
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const testOptions = args.filter((a) => a.startsWith('--'));
const specs = readdirSync('e2e')
  .filter((f) => f.endsWith('.spec.ts') && (!only.length || only.some((o) => f.includes(o))))
  .map((f) => `e2e/${f}`);
const mailboxDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-mailbox-'));
// What spec files (each its own process) share about the store they run against.
const stateDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-e2e-state-'));
const mailbox = await startMailbox(mailboxDir);
const server = await startServer({ SMTP_URL: mailbox.url });
console.log(`e2e: store running at ${server.url}`);
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', ...testOptions, ...specs],
    {
      env: { ...process.env, E2E_BASE_URL: server.url, E2E_MAILBOX: mailboxDir, E2E_STATE: stateDir },
      stdio: 'inherit',
    },
  );
  child.on('exit', (c) => resolve(c ?? 1));
});
await server.stop();
await mailbox.close();
rmSync(mailboxDir, { recursive: true, force: true });
rmSync(stateDir, { recursive: true, force: true });
process.exit(code);
