/**
 * `npm run storage:migrate [-- --from DIR] [--dry-run]`: copies the pictures and buyers' documents
 * from a data directory (DATA_DIR by default) into the store STORAGE_URL names, such as a bucket.
 * Files already there with the same size are skipped, so it can be run again after a stop. The
 * data directory is only read; delete its media/ and private/ folders yourself once the store
 * runs on the bucket.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { copyObjects } from '#server/storage/copy-objects.ts';
import { DiskObjectStore } from '#server/storage/object-store.ts';
import { openObjectStore } from '#server/storage/open-storage.ts';

const { values } = parseArgs({
  options: { from: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
const config = loadConfig();
if (!config.storageUrl) {
  console.error('storage:migrate: set STORAGE_URL to the bucket to copy into (s3://bucket/prefix?…)');
  process.exit(1);
}
const from = DiskObjectStore.inDataDir(path.resolve(values.from ?? config.dataDir));
const to = await openObjectStore(config.storageUrl, config.dataDir);
if (to instanceof DiskObjectStore && to.location === from.location) {
  console.error('storage:migrate: STORAGE_URL is the data directory itself; nothing to copy');
  process.exit(1);
}
const dryRun = values['dry-run'];
console.log(`${dryRun ? 'Would copy' : 'Copying'} files from ${from.location} to ${to.location}…`);
try {
  const report = await copyObjects(from, to, { dryRun, log: (line) => console.log(line) });
  const mb = (report.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `${dryRun ? 'Would copy' : 'Copied'} ${report.copied} files (${mb} MB); ${report.skipped} already there.`,
  );
} catch (err) {
  console.error(`storage:migrate: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  to.close();
}
