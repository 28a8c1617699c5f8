// @ts-check
/**
 * `npm run test:mutation`: mutation testing of the pure rules in src/shared (not schemas, messages,
 * fixtures or data tables) against the shared tests. Each file must kill at least its threshold
 * of its mutants (scripts/mutation-policy.ts, checked after the run by scripts/mutation-check.ts).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.shared.config.ts' },
  mutate: [
    'src/shared/**/*.ts',
    '!src/shared/**/*.test.ts',
    '!src/shared/**/*.schemas.ts',
    '!src/shared/**/*.messages.ts',
    '!src/shared/messages.ts',
    '!src/shared/**/*.fixture.ts',
    '!src/shared/**/*.constants.ts',
    '!src/shared/accounts/us-states.ts',
  ],
  reporters: ['clear-text', 'json'],
  // Runs side by side (one file's at a time, as tests are written) each name their own.
  jsonReporter: { fileName: process.env.STRYKER_REPORT ?? 'reports/mutation/mutation.json' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  tempDirName: process.env.STRYKER_TMP ?? '.stryker-tmp',
  // Not copied into the sandbox: other runs' sandboxes, the built app.
  ignorePatterns: ['/.stryker-tmp-*', '/dist'],
  // Stryker rewrites the tsconfig's extends and references in its sandbox with TypeScript's JS API,
  // which TypeScript 7 no longer has; ours has neither to rewrite, so it is pointed at no file.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  cleanTempDir: 'always',
};
