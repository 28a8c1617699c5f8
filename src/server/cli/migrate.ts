import { loadConfig } from '#server/config.ts';
import { ensureDataDir, openDatabase } from '#server/db/open.ts';

const config = loadConfig();
ensureDataDir(config.dataDir);
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log('Migrations applied.');
} finally {
  await database.close();
}
