import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file gets its own database copy; two files at a time suit a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/setup-console.ts'],
          globalSetup: ['tests/global-setup-server.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-web.ts', 'tests/setup-console.ts'],
          // Pages wait up to 10 s for what they show (tests/setup-web.ts); a test has room for a few.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
