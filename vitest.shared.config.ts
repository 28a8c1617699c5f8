import { defineConfig } from 'vitest/config';

/** The shared rules' tests alone, in Node: what `npm run test:mutation` runs against each mutant. */
export default defineConfig({
  test: { include: ['src/shared/**/*.test.ts'], environment: 'node' },
});
