import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { ApiError, apiGet, apiPost, BUSY_RETRIES } from './api-client.ts';

/**
 * The client against a real HTTP server whose answers a test scripts: a shed request (503 with a
 * short Retry-After) is sent again after the wait; a long wait, a 503 without one, or a third
 * refusal reaches the page as the store's message.
 */
type Scripted = { status: number; retryAfter?: string; body: unknown };
let script: Scripted[] = [];
const seen: { method: string; body: string; at: number }[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({ method: req.method ?? '', body, at: Date.now() });
    const next = script.shift() ?? { status: 200, body: { message: 'ok' } };
    res.writeHead(next.status, {
      'content-type': 'application/json',
      ...(next.retryAfter ? { 'retry-after': next.retryAfter } : {}),
    });
    res.end(JSON.stringify(next.body));
  });
}

const server = createServer(answer);
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const busy = (retryAfter?: string): Scripted => ({
  status: 503,
  ...(retryAfter ? { retryAfter } : {}),
  body: { message: messages.busy },
});
function run(scripted: Scripted[]) {
  script = [...scripted];
  seen.length = 0;
}

describe('a request the store sheds', () => {
  it('is sent again after Retry-After, the same body each time, and the answer comes back', async () => {
    run([busy('1'), busy('1'), { status: 200, body: { message: 'Address added' } }]);
    const started = Date.now();
    const answer = await apiPost(
      `${base}/api/v1/account/addresses`,
      { city: 'Austin' },
      'MessageResponseSchema',
    );
    expect(answer).toEqual({ message: 'Address added' });
    expect(seen.map((s) => [s.method, s.body])).toEqual(
      Array.from({ length: 3 }, () => ['POST', '{"city":"Austin"}']),
    );
    expect(seen[1]!.at - started).toBeGreaterThanOrEqual(950);
  });

  it(`is refused with the store's message after ${BUSY_RETRIES} more tries`, async () => {
    run([busy('1'), busy('1'), busy('1'), { status: 200, body: { message: 'never reached' } }]);
    const error = await apiGet(`${base}/api/v1/cart`, 'MessageResponseSchema').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: messages.busy });
    expect(seen).toHaveLength(1 + BUSY_RETRIES);
  });

  it('is not sent again when the wait is long, missing or not a number, or the answer is another error', async () => {
    for (const first of [
      busy('120'),
      busy(),
      busy('soon'),
      { status: 500, retryAfter: '1', body: { message: 'x' } },
    ]) {
      run([first, { status: 200, body: { message: 'never reached' } }]);
      const error = await apiGet(`${base}/api/v1/cart`, 'MessageResponseSchema').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: first.status });
      expect(seen).toHaveLength(1);
    }
  });

  it('a change is sent again only when the store was too busy to begin it', async () => {
    const lost = { status: 503, retryAfter: '1', body: { message: messages.databaseUnavailable } };
    run([lost, { status: 200, body: { message: 'never reached' } }]);
    const error = await apiPost(`${base}/api/v1/account/addresses`, {}, 'MessageResponseSchema').catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 503, message: messages.databaseUnavailable });
    expect(seen).toHaveLength(1);
    // A read asks again whatever the 503 says.
    run([lost, { status: 200, body: { message: 'read' } }]);
    expect(await apiGet(`${base}/api/v1/cart`, 'MessageResponseSchema')).toEqual({ message: 'read' });
    expect(seen).toHaveLength(2);
  });

  it('stops waiting when the page aborts the request', async () => {
    run([busy('5'), { status: 200, body: { message: 'never reached' } }]);
    const controller = new AbortController();
    const pending = apiGet(`${base}/api/v1/cart`, 'MessageResponseSchema', controller.signal).catch(
      (e: unknown) => e,
    );
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    const aborted = Date.now();
    controller.abort();
    const error = await pending;
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - aborted).toBeLessThan(4000);
    expect(seen).toHaveLength(1);
  });
});
