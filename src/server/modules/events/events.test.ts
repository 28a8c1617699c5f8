import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { createTestApp, type TestContext } from '#tests/test-app.ts';
import { USER_EVENTS_CHANNEL } from './event-bus.ts';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t?.close());

/** Opens the stream and collects what arrives. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/events`, { headers: { cookie }, signal: controller.signal });
  let text = '';
  const reader = res.body!.getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } catch {
      // aborted
    }
  })();
  return { res, text: () => text, close: () => controller.abort() };
}

describe('GET /api/v1/events', () => {
  it('needs a signed-in buyer', async () => {
    const res = await fetch(`${base}/api/v1/events`);
    expect(res.status).toBe(401);
  });

  it("streams the buyer's own profile changes, from this instance or another", async () => {
    const me = await signUpBuyer(t.app);
    const other = await signUpBuyer(t.app);
    const mine = await openStream(me.cookie);
    const theirs = await openStream(other.cookie);
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    await expect.poll(() => mine.text()).toContain(': connected');

    // A change made through this instance…
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/addresses',
      headers: { cookie: me.cookie, origin: ORIGIN },
      payload: { streetAddress: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' },
    });
    await expect.poll(() => mine.text(), { timeout: 5000 }).toContain('event: profile');

    // …and one announced by another instance (staff will verify documents this way).
    const before = mine.text().split('event: profile').length;
    await t.database.notify(USER_EVENTS_CHANNEL, JSON.stringify({ userId: me.user.id, type: 'profile' }));
    await expect
      .poll(() => mine.text().split('event: profile').length, { timeout: 5000 })
      .toBeGreaterThan(before);

    expect(theirs.text()).not.toContain('event: profile');
    mine.close();
    theirs.close();
  });
});
