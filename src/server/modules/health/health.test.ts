import { describe, expect, it } from 'vitest';
import { testAppForFile } from '#tests/test-app.ts';

const t = testAppForFile();

describe('health and the API surface', () => {
  it('/healthz and /readyz answer ok', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the shared schemas, and a reference page', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/catalogue/listing',
      '/api/v1/catalogue/product',
      '/api/v1/search',
      '/api/v1/newsletter',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const params = doc.paths['/api/v1/catalogue/listing'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['categoryId', 'brandId', 'inStock', 'page']));
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('unknown API paths answer a JSON 404, never the SPA', async () => {
    const res = await t.app.inject('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Error 404 The page you are looking for is not found.' });
  });

  it('sends security headers; what a browser displays gets the rest, documents a content security policy', async () => {
    const json = await t.app.inject('/api/v1/catalogue/menu');
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(json.headers['x-frame-options']).toBeUndefined(); // JSON is never displayed
    expect(json.headers['strict-transport-security']).toBeUndefined(); // only in production
    const error = await t.app.inject('/api/v1/nope');
    expect(error.headers['x-content-type-options']).toBe('nosniff');
    const html = await t.app.inject('/api/docs/');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['x-frame-options']).toBe('DENY');
    expect(html.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(html.headers['permissions-policy']).toContain('camera=()');
    expect(html.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('/readyz answers 503 when the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});
