import { defineConfig } from 'vitest/config';

/**
 * The server tests of the parts that decide money or law, on PGlite, for their mutation run
 * (tests/mutation/stryker.server.config.mjs): order lines, the order's compliance and excise, the
 * PACT report, the price-list and catalogue CSV planners.
 */
export default defineConfig({
  test: {
    include: [
      'src/server/modules/orders/*.test.ts',
      'src/server/modules/compliance/*.test.ts',
      'src/server/modules/pricing/*.test.ts',
      'src/server/modules/catalogue/catalogue-import.test.ts',
      'src/server/modules/catalogue/catalogue-csv.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup-console.ts'],
    globalSetup: ['tests/global-setup-server.ts'],
  },
});
