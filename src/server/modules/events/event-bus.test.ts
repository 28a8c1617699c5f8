import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { UserEventBus } from './event-bus.ts';

/**
 * Telling open pages never fails the change it reports (the change has committed): a NOTIFY that
 * fails is logged once while the failures last, and the count of missed events once it works.
 */
describe('the event bus when the database will not take a NOTIFY', () => {
  it('resolves every publish, warns once per outage, and says how many were missed when back', async () => {
    let down = true;
    const sent: string[] = [];
    const database = {
      notify: async (_channel: string, payload: string) => {
        if (down) throw new Error('connection lost');
        sent.push(payload);
      },
    } as unknown as Database;
    const warnings: string[] = [];
    const infos: string[] = [];
    const bus = new UserEventBus(database, {
      warn: (_obj: unknown, msg?: string) => void warnings.push(String(msg)),
      info: (msg: unknown) => void infos.push(String(msg)),
    } as never);

    await expect(bus.publish('u1', 'cart')).resolves.toBeUndefined();
    await bus.publish('u2', 'profile');
    await bus.publishMany(['u3', 'u4'], 'prices');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('cannot tell open pages');
    expect(infos).toEqual([]);

    down = false;
    await bus.publish('u5', 'orders');
    expect(infos).toEqual(['events: telling open pages again; 3 event(s) were not delivered']);
    expect(sent.map((p) => JSON.parse(p))).toEqual([{ userId: 'u5', type: 'orders' }]);

    // A second outage is warned of again, once.
    down = true;
    await bus.publish('u6', 'cart');
    await bus.publish('u7', 'cart');
    expect(warnings).toHaveLength(2);
  });
});
