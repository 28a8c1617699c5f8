/** `npm run staff:create -- --email ann@shop.example --name "Ann Lee"`: a staff login, password printed once. */
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { ensureDataDir, openDatabase } from '#server/db/open.ts';
import { OWASP_SCRYPT } from '#server/modules/accounts/password.ts';
import { createStaff, oneTimePassword } from '#server/modules/staff/staff-accounts.ts';
import { isValidEmail } from '#shared/accounts/accounts.rules.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !isValidEmail(values.email) || !values.name?.trim()) {
  console.error('staff:create: give --email <address> and --name <full name>');
  process.exit(1);
}
const config = loadConfig();
if (!config.databaseUrl) ensureDataDir(config.dataDir);
const database = await openDatabase(config);
try {
  await database.migrate();
  const password = oneTimePassword();
  const created = await createStaff(
    database.db,
    { email: values.email, name: values.name, password, oneTimePassword: true },
    OWASP_SCRYPT,
    new Date(),
  );
  if (!created) {
    console.error(`staff:create: ${values.email} already has an account`);
    process.exitCode = 1;
  } else {
    console.log(`Staff account ${values.email} created. One-time password (shown once): ${password}`);
    console.log(
      'At first sign-in they choose their own password, then set up an authenticator app (TOTP) and get recovery codes.',
    );
  }
} finally {
  await database.close();
}
