/** `npm run db:seed -- [--size demo|small|large] [--reset]`: seeds the demo catalogue. */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { ensureDataDir, openDatabase } from '#server/db/open.ts';
import type { CatalogueSize } from '#server/modules/catalogue/demo/demo-catalogue.ts';
import { seedCatalogue } from '#server/modules/catalogue/demo/seed-catalogue.ts';
import { catalogueIsEmpty } from '#server/modules/catalogue/demo/seed-if-empty.ts';
import { MediaStore } from '#server/storage/media-store.ts';
import { openObjectStore } from '#server/storage/open-storage.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'demo' }, reset: { type: 'boolean', default: false } },
});
const size = values.size as CatalogueSize;
if (!['demo', 'small', 'large'].includes(size)) {
  console.error('db:seed: --size must be demo, small or large');
  process.exit(1);
}
const config = loadConfig();
ensureDataDir(config.dataDir);
const database = await openDatabase(config);
const storage = await openObjectStore(config.storageUrl, config.dataDir);
try {
  await database.migrate();
  if (!(await catalogueIsEmpty(database.db))) {
    if (!values.reset) {
      console.error('db:seed: the catalogue is not empty; pass --reset to replace it');
      process.exit(1);
    }
    await database.db.execute(
      sql`truncate variants, products, brands, categories, banners restart identity cascade`,
    );
  }
  const started = Date.now();
  const summary = await seedCatalogue(database.db, {
    size,
    media: new MediaStore(storage),
    sellerName: config.storeName,
    log: (line) => console.log(line),
  });
  await database.notify('catalogue_changed', 'seed');
  console.log(`Seeded ${JSON.stringify(summary)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
  storage.close();
}
