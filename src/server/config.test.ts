import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DEFAULT_POOL_SIZE } from './db/pool-size.ts';

describe('configuration', () => {
  it('keeps DATABASE_POOL_SIZE connections to a PostgreSQL server, ten unless told', () => {
    expect(DEFAULT_POOL_SIZE).toBe(10);
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    // Empty is unset, as for the other variables.
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
  });

  it.each(['0', '101', '2.5', 'ten', '-3', ' '])('refuses DATABASE_POOL_SIZE=%s, naming it', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(
      'Invalid configuration: DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a whole number from 1 to 100',
    );
  });
});

describe('PORT', () => {
  it('listens on 3000 unless told; empty is unset; 0 is a free port', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([' ', '\t', 'eighty', '65536', '-1', '80.5'])('refuses PORT=%j, naming it', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(
      'Invalid configuration: PORT: PORT must be a whole number from 0 to 65535',
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the pool on a PostgreSQL server', () => {
  it('opens no more connections than DATABASE_POOL_SIZE; requests beyond it wait their turn', async () => {
    const { openDatabase } = await import('./db/open.ts');
    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      dataDir: '/nonexistent',
      databasePoolSize: 3,
    });
    try {
      const sleeps = Array.from({ length: 7 }, () => database.query('select pg_sleep(0.05)'));
      await new Promise((r) => setTimeout(r, 20));
      expect(database.poolStats!().waiting).toBeGreaterThan(0);
      await Promise.all(sleeps);
      expect(database.poolStats!().total).toBe(3);
    } finally {
      await database.close();
    }
  });
});
