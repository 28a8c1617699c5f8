import { describe, expect, it } from 'vitest';
import { pricingFixture } from '#server/modules/pricing/pricing.fixture.ts';
import {
  QuickOrderAddedSchema,
  QuickOrderCheckSchema,
  type QuickOrderLine,
} from '#shared/cart/quick-order.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);

const FLAVOURED_VAPE = { kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
const check = (cookie: string | undefined, text: string) =>
  f.call('POST', '/api/v1/cart/quick-order/check', cookie, { text });
const addAll = (cookie: string | undefined, text: string) =>
  f.call('POST', '/api/v1/cart/quick-order', cookie, { text });
const byLine = (lines: QuickOrderLine[], line: number) => lines.find((l) => l.lines.includes(line))!;

describe('quick order', () => {
  it('asks a visitor to log in, and refuses empty or oversized text changing nothing', async () => {
    for (const send of [check, addAll]) {
      const res = await send(undefined, 'X 1');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please Login / Register');
    }
    const buyer = await f.verifiedBuyer();
    for (const [text, message] of [
      ['', 'Write at least one line: a SKU and a quantity, like VX-100-MINT 20.'],
      ['\n  \n', 'Write at least one line: a SKU and a quantity, like VX-100-MINT 20.'],
      [
        Array.from({ length: 501 }, (_, i) => `S${i} 1`).join('\n'),
        'Quick order takes at most 500 lines at once.',
      ],
      ['A'.repeat(40_001), 'Quick order takes at most 40,000 characters at once.'],
    ] as const) {
      for (const send of [check, addAll]) {
        const res = await send(buyer.cookie, text);
        expect(res.statusCode, text.slice(0, 20)).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await f.cartOf(buyer.user.id)).toEqual([]);
  });

  it('judges every line — unknown, hidden, out of stock, short, case pack, blocked for the ship-to — with the buyer’s price', async () => {
    const buyer = await f.verifiedBuyer({ licence: 'MA' });
    const address = {
      streetAddress: '1 Main St',
      streetAddress2: '',
      city: 'Boston',
      state: 'MA',
      zipCode: '02108',
    };
    expect((await f.call('POST', '/api/v1/account/addresses', buyer.cookie, address)).statusCode).toBe(201);
    const ok = await f.variantWith(50, 1000);
    const empty = await f.variantWith(0, 1000);
    const few = await f.variantWith(3, 1000);
    const cased = await f.variantWith(100, 500);
    await t.database.query('update variants set min_quantity = 20, order_increment = 10 where id = $1', [
      cased.id,
    ]);
    const vape = await f.variantWith(10, 2000, FLAVOURED_VAPE);
    const hidden = await f.variantWith(10, 1000);
    await t.database.query(
      'update products set hidden = true where id = (select product_id from variants where id = $1)',
      [hidden.id],
    );
    await t.app.catalogue.changed();
    // The buyer's group: 20 % off the option at 10 or more.
    const group = await f.group();
    await f.entry(group, {
      scope: 'variant',
      target: ok.sku,
      priceCents: 900,
      tiers: [{ minQuantity: 10, priceCents: 800 }],
    });
    await f.join(buyer.user.id, group);
    expect((await f.add(buyer.cookie, few.sku, 2)).statusCode).toBe(200);

    const text = [
      'sku,quantity',
      `${ok.sku.toLowerCase()}, 6`,
      'NO-SUCH-SKU 1',
      `${empty.sku}\t1`,
      `${few.sku} 2`,
      `${cased.sku} 25`,
      `${vape.sku} 1`,
      `${hidden.sku} 1`,
      'just-a-sku',
      `${ok.sku} 4`,
      `${few.sku} 0`,
    ].join('\n');
    const res = await check(buyer.cookie, text);
    expect(res.statusCode, res.body).toBe(200);
    const result = QuickOrderCheckSchema.parse(res.json());
    expect(result.shipTo).toEqual({ state: 'MA', stateName: 'Massachusetts' });
    // The same SKU twice (in any case) is one line of 10: the group's tier price.
    expect(byLine(result.lines, 2)).toMatchObject({
      lines: [2, 10],
      sku: ok.sku,
      quantity: 10,
      status: 'ok',
      unitPriceCents: 800,
      lineTotalCents: 8000,
      priceSource: 'group',
    });
    expect(byLine(result.lines, 3)).toMatchObject({
      status: 'unknown',
      problem: 'No option has this SKU.',
      productName: null,
    });
    expect(byLine(result.lines, 4)).toMatchObject({ status: 'outOfStock', problem: 'Out of stock.' });
    expect(byLine(result.lines, 5)).toMatchObject({
      status: 'short',
      problem: 'Only 3 in stock, and 2 already in your cart.',
      inCart: 2,
    });
    expect(byLine(result.lines, 6)).toMatchObject({ status: 'caseRule', problem: 'Sold in cases of 10' });
    expect(byLine(result.lines, 7).status).toBe('blocked');
    expect(byLine(result.lines, 7).problem).toMatch(
      /^Cannot ship to Massachusetts: Flavoured vapes are banned/,
    );
    expect(byLine(result.lines, 8)).toMatchObject({
      status: 'unavailable',
      productName: null,
      unitPriceCents: null,
    });
    expect(byLine(result.lines, 9)).toMatchObject({
      status: 'invalid',
      problem: 'Write a SKU, then a quantity, like VX-100-MINT 20.',
    });
    expect(byLine(result.lines, 11)).toMatchObject({ status: 'invalid' });
    expect(result).toMatchObject({
      okCount: 1,
      problemCount: 8,
      totalCents: 8000,
      message: '1 line ready, 8 to fix.',
    });
    // Checking changed nothing.
    expect(await f.cartOf(buyer.user.id)).toEqual([{ variant_id: few.id, quantity: 2 }]);

    // Adding: every ready line in one go, the rest reported.
    const added = QuickOrderAddedSchema.parse(
      (await addAll(buyer.cookie, text.replace(`${cased.sku} 25`, `${cased.sku} 30`))).json(),
    );
    expect(added.addedCount).toBe(2);
    expect(added.notAdded).toHaveLength(7);
    expect(added.message).toBe('Added 2 lines to your cart; 7 not added.');
    expect(added.cart.items.find((i) => i.variantId === ok.sku)).toMatchObject({
      quantity: 10,
      unitPriceCents: 800,
    });
    expect(added.cart.items.find((i) => i.variantId === cased.sku)).toMatchObject({ quantity: 30 });
    // The same text again: the cart now holds 10 of the first option; 20 is still fine.
    const again = QuickOrderCheckSchema.parse((await check(buyer.cookie, `${ok.sku} 10`)).json());
    expect(again.lines[0]).toMatchObject({ inCart: 10, status: 'ok', lineTotalCents: 8000 });
  });

  it('two presses at once add the lines once each within stock', async () => {
    const buyer = await f.verifiedBuyer();
    const v = await f.variantWith(10, 1000);
    const results = await Promise.all([
      addAll(buyer.cookie, `${v.sku} 6`),
      addAll(buyer.cookie, `${v.sku} 6`),
    ]);
    const bodies = results.map((r) => QuickOrderAddedSchema.parse(r.json()));
    expect(bodies.map((b) => b.addedCount).sort()).toEqual([0, 1]);
    expect(await f.cartOf(buyer.user.id)).toEqual([{ variant_id: v.id, quantity: 6 }]);
  });
});
