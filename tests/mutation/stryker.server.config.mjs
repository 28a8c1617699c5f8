// @ts-check
/**
 * `npm run test:mutation:server`: mutation testing of the server's pure parts that decide money or
 * law, against their server tests (real PGlite). A report, not a gate (about half an hour on two
 * cores): its scores are in docs/decisions/012-mutation-testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/mutation/vitest.server.config.ts' },
  mutate: [
    'src/server/modules/orders/order-lines.ts',
    'src/server/modules/compliance/order-compliance.service.ts',
    'src/server/modules/compliance/pact.service.ts',
    'src/server/modules/pricing/line-prices.ts',
    'src/server/modules/pricing/price-list-csv.service.ts',
    'src/server/modules/catalogue/catalogue-import-plan.ts',
  ],
  reporters: ['clear-text', 'json'],
  jsonReporter: { fileName: process.env.STRYKER_REPORT ?? 'reports/mutation/server.json' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60_000,
  tempDirName: process.env.STRYKER_TMP ?? '.stryker-tmp-server',
  // As in stryker.config.mjs: TypeScript 7 has no JS API for Stryker's tsconfig rewrite.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  cleanTempDir: 'always',
};
