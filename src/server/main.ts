/**
 * `npm start`: read the configuration, build the SPA if stale, open and migrate the database,
 * seed the demo catalogue into an empty one, then serve. SIGTERM/SIGINT drain and close.
 * Any start-up failure prints one line and exits non-zero.
 */
import path from 'node:path';
import { buildApp } from './app.ts';
import { buildWeb, webBuildIsStale } from './build-web.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { ensureDataDir, openDatabase, StartupError } from './db/open.ts';
import { DEMO_BUYER, seedDemoBuyer } from './modules/accounts/demo-accounts.ts';
import { OWASP_SCRYPT } from './modules/accounts/password.ts';
import { seedIfEmpty } from './modules/catalogue/demo/seed-if-empty.ts';
import { logMailer, smtpMailer } from './modules/mail/mailer.ts';
import { createStaff, DEMO_STAFF } from './modules/staff/staff-accounts.ts';
import { keepStatisticsFresh } from './db/statistics.ts';
import { loggerOptions } from './plugins/logging.ts';
import { everySecondAfter } from './repeat.ts';
import { loadSecretKey, SecretBox } from './security/secret-box.ts';
import { MediaStore } from './storage/media-store.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { openObjectStore, probeObjectStore } from './storage/open-storage.ts';

/** The object store STORAGE_URL names, reached once so that a wrong bucket fails at start-up. */
async function openStorage(config: Config): Promise<ObjectStore> {
  let storage: ObjectStore;
  try {
    storage = await openObjectStore(config.storageUrl, config.dataDir);
  } catch (err) {
    throw new StartupError(`STORAGE_URL: ${(err as Error).message}`);
  }
  try {
    await probeObjectStore(storage);
  } catch (err) {
    storage.close();
    throw new StartupError(`cannot reach the file store ${storage.location}: ${(err as Error).message}`);
  }
  return storage;
}

function fail(message: string): never {
  console.error(`smokestack: ${message}`);
  process.exit(1);
}

/** The demo catalogue (into an empty store), the demo buyer and the demo staff login (SEED_DEMO). */
async function seedDemo(database: Database, media: MediaStore, sellerName: string): Promise<void> {
  const summary = await seedIfEmpty(database.db, {
    size: 'demo',
    media,
    sellerName,
    log: (line) => console.log(line),
  });
  await seedDemoBuyer(database.db, OWASP_SCRYPT, new Date());
  await createStaff(database.db, DEMO_STAFF, OWASP_SCRYPT, new Date());
  if (summary) {
    console.log(
      `Seeded the demo catalogue: ${summary.categories} categories, ${summary.brands} brands, ` +
        `${summary.products} products, ${summary.variants} variants, ${summary.banners} banners.`,
    );
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  ensureDataDir(config.dataDir);

  if (config.buildWeb && webBuildIsStale(process.cwd(), config.webDist)) {
    console.log('Building the web app…');
    await buildWeb(process.cwd());
  }

  const database: Database = await openDatabase(config);
  let closing = false;
  try {
    await database.migrate();
    const storage = await openStorage(config);
    const media = new MediaStore(storage);
    if (config.seedDemo) await seedDemo(database, media, config.storeName);
    // PGlite runs no autovacuum: the app keeps the planner's statistics fresh (db/statistics.ts).
    const statistics = keepStatisticsFresh(database, (err) =>
      console.error(`smokestack: analyze failed (retried in a while): ${(err as Error).message}`),
    );

    const app = await buildApp({
      database,
      secretBox: new SecretBox(loadSecretKey(config.secretKey, config.dataDir)),
      storage,
      uploadDir: path.join(config.dataDir, 'tmp', 'uploads'),
      webDist: config.webDist,
      storeName: config.storeName,
      storeShortName: config.storeShortName,
      production: config.env === 'production',
      trustProxy: config.trustProxy,
      publicUrl: config.publicUrl,
      metricsToken: config.metricsToken,
      mailer: config.smtpUrl
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : logMailer((text) => console.log(text)),
      secureCookies: config.env === 'production' || config.publicUrl.startsWith('https://'),
      logger: loggerOptions(config.logLevel),
    });

    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: draining requests');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      await app.close(); // stops accepting, waits for in-flight requests
      statistics.stop();
      await database.close();
      storage.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));

    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE')
        throw new StartupError(
          `port ${config.port} on ${config.host} is already in use; set PORT to a free port`,
        );
      if (code === 'EACCES')
        throw new StartupError(`not allowed to listen on port ${config.port}; set PORT to 1024 or above`);
      throw err;
    }
    await app.catalogue.get(); // warm the read model before the first visitor
    app.outbox.start();
    // Document expiry reminders: each is recorded once, so every instance may run this hourly.
    const reminders = () =>
      void app.jobs.expiryReminders().catch((err) => app.log.error({ err }, 'expiry reminders'));
    reminders();
    setInterval(reminders, 3_600_000).unref();
    // Invoices' mail and payment reminders (decision 017): each is recorded once, so every instance may run this.
    const invoiceMails = () =>
      void app.jobs.invoiceMails().catch((err) => app.log.error({ err }, 'invoice mail'));
    invoiceMails();
    setInterval(invoiceMails, 60_000).unref();
    everySecondAfter(app.jobs.salesRollups, (err) => app.log.error({ err }, 'sales rollups'));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
    console.log(`\n${config.storeName} is running at http://${host}:${port}`);
    console.log(`  API reference: http://${host}:${port}/api/docs`);
    console.log(
      `  Mail: ${config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : 'printed here (set SMTP_URL to send real mail)'}`,
    );
    console.log(`  Files: ${storage.kind === 's3' ? storage.location : `in ${config.dataDir}`}`);
    console.log(
      `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    );
    if (config.seedDemo) {
      console.log(`  Demo buyer: ${DEMO_BUYER.email} / ${DEMO_BUYER.password} (as seeded)`);
      console.log(
        `  Demo staff: ${DEMO_STAFF.email} / ${DEMO_STAFF.password} (as seeded; the console is at http://${host}:${port}/admin, an authenticator app is set up at first sign-in)`,
      );
    }
    console.log('');
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof StartupError || err instanceof ConfigError) fail(err.message);
  fail(`failed to start: ${(err as Error).stack ?? err}`);
});
