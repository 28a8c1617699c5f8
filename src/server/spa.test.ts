/** Serving the built SPA: client routes get index.html, hashed assets are compressed and immutable. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DiskObjectStore } from '#server/storage/object-store.ts';
import { openTestDatabase } from '#tests/test-app.ts';
import { type App, buildApp } from './app.ts';

let app: App;
let drop: () => Promise<void>;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'smokestack-spa-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Smokestack</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({
    database: opened.database,
    storage: new DiskObjectStore({ media: inject('mediaDir'), private: path.join(webDist, 'private') }),
    uploadDir: path.join(webDist, 'uploads'),
    webDist,
    storeName: 'T',
    storeShortName: 'T',
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the SPA', () => {
  it.each(['/', '/categories?categoryId=ALL', '/product', '/no/such/page', '/info/faq'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets pre-compressed with an immutable cache lifetime', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject('/assets/index-abc123.js');
    expect(plain.body).toBe(script);
  });

  it('a missing asset or API path is a 404, not the SPA', async () => {
    expect((await app.inject('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await app.inject('/api/v1/nothing')).headers['content-type']).toContain('application/json');
    expect((await app.inject('/media/nothing.svg')).statusCode).toBe(404);
    // Metrics off (no METRICS_TOKEN): a plain 404, not the web app's page.
    const metrics = await app.inject('/metrics');
    expect(metrics.statusCode).toBe(404);
    expect(metrics.headers['content-type']).toContain('application/json');
  });

  it('refuses to serve files outside its folders', async () => {
    for (const url of ['/assets/../../package.json', '/media/../pglite/PG_VERSION', '/%2e%2e/package.json']) {
      const res = await app.inject(url);
      expect(res.body).not.toContain('"name": "smokestack"');
      expect(
        res.statusCode === 404 ||
          (res.statusCode === 200 && res.body.includes('<div id="root">')) ||
          res.statusCode === 403,
      ).toBe(true);
    }
  });
});
