import { beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import {
  DeskDraftListSchema,
  DeskDraftSchema,
  DeskPasteResultSchema,
  DeskSearchSchema,
  deskMessages,
} from '#shared/orders/desk.schemas.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN, deskFixture } from './desk.fixture.ts';

/**
 * The order desk's draft (decision 016, part 2): who may use it, each line as the company's buyers
 * would see it, pasted lines, and the order's details.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = deskFixture(() => t, clock);
const { f, desk } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

describe('who may take an order at the desk', () => {
  it('anonymous, buyers and staff without their second factor are refused; roles without the desk too', async () => {
    const c = await f.company();
    const routes = [
      ['GET', `${ADMIN}/desk`],
      ['GET', `${ADMIN}/desk/${c.id}`],
      ['GET', `${ADMIN}/desk/${c.id}/search?q=a`],
      ['PUT', `${ADMIN}/desk/${c.id}/lines`],
      ['POST', `${ADMIN}/desk/${c.id}/paste`],
      ['PUT', `${ADMIN}/desk/${c.id}`],
      ['DELETE', `${ADMIN}/desk/${c.id}`],
      ['POST', `${ADMIN}/desk/${c.id}/place`],
    ] as const;
    await d.expectStaffOnly(routes, c.owner.cookie);
    for (const role of ['warehouse', 'accounting', 'compliance'] as const) {
      const member = await d.staffWithTotp(role);
      const res = await d.call('GET', `${ADMIN}/desk/${c.id}`, member.cookie);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(adminMessages.roleRefused);
    }
  });

  it("a sales rep takes orders for their own companies only; another's is not found", async () => {
    const rep = await d.staffWithTotp('sales');
    const mine = await f.company();
    const other = await f.company();
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, mine.id]);
    const v = await f.variantWith(10);
    await d.location(mine.id, 'TX');
    expect((await desk.line(rep.cookie, mine.id, v.sku, 1)).statusCode).toBe(200);
    for (const res of [
      await d.call('GET', `${ADMIN}/desk/${other.id}`, rep.cookie),
      await desk.line(rep.cookie, other.id, v.sku, 1),
      await desk.search(rep.cookie, other.id, v.sku),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(deskMessages.companyNotFound);
    }
    const list = DeskDraftListSchema.parse((await d.call('GET', `${ADMIN}/desk`, rep.cookie)).json());
    expect(list.drafts.map((x) => x.companyId)).toEqual([mine.id]);
    // The company given to another rep: its draft is out of reach, and off the list.
    await t.database.query('update companies set sales_rep_id = null where id = $1', [mine.id]);
    expect((await d.call('GET', `${ADMIN}/desk/${mine.id}`, rep.cookie)).statusCode).toBe(404);
    expect(
      DeskDraftListSchema.parse((await d.call('GET', `${ADMIN}/desk`, rep.cookie)).json()).drafts,
    ).toEqual([]);
  });

  it('ids that are not uuids, or past what a line holds, are a 400 that changes nothing', async () => {
    const c = await f.company();
    expect((await d.call('GET', `${ADMIN}/desk/not-a-uuid`, admin.cookie)).statusCode).toBe(400);
    expect(
      (await d.call('GET', `${ADMIN}/desk/00000000-0000-4000-8000-000000000000`, admin.cookie)).statusCode,
    ).toBe(404);
    for (const body of [
      { sku: 'X', quantity: -1 },
      { sku: 'X', quantity: 10_001 },
      { sku: '', quantity: 1 },
    ])
      expect((await d.call('PUT', `${ADMIN}/desk/${c.id}/lines`, admin.cookie, body)).statusCode).toBe(400);
    const unknown = await desk.line(admin.cookie, c.id, 'NO-SUCH-SKU', 1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: deskMessages.unknownSku, field: 'sku' });
    expect((await desk.get(admin.cookie, c.id)).lines).toEqual([]);
  });
});

describe('the draft shows each line as the company sees it', () => {
  it("prices, tiers, excise and verdicts are the buyer's own cart's, to the cent, for the location chosen", async () => {
    const c = await f.company();
    const pa = await d.location(c.id, 'PA', { licence: true });
    const ma = await d.location(c.id, 'MA', { licence: true });
    const tiered = await d.vape(50, 1000);
    const plain = await f.variantWith(50, 700);
    await d.group(c.id, tiered.id, { priceCents: 900, tiers: [{ minQuantity: 10, priceCents: 800 }] });
    for (const [sku, n] of [
      [tiered.sku, 12],
      [plain.sku, 3],
    ] as const) {
      expect((await desk.line(admin.cookie, c.id, sku, n)).statusCode).toBe(200);
      expect((await f.add(c.owner.cookie, sku, n)).statusCode).toBe(200);
    }
    for (const locationId of [pa, ma]) {
      const view = await d.setDetails(admin.cookie, c.id, { locationId });
      const cart = CartSchema.parse(
        (
          await f.call('GET', `/api/v1/cart?locationId=${locationId}&shipping=Shiptoaddress`, c.owner.cookie)
        ).json(),
      );
      const pick = (l: (typeof cart.items)[number]) => ({
        variantId: l.variantId,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        exciseCents: l.exciseCents,
        blocks: l.blocks,
        priceSource: l.priceSource,
      });
      expect([...view.lines].map(pick).sort((a, b) => a.variantId.localeCompare(b.variantId))).toEqual(
        cart.items.map(pick).sort((a, b) => a.variantId.localeCompare(b.variantId)),
      );
      expect(view.subtotalCents).toBe(cart.subtotalCents);
      expect(view.exciseCents).toBe(cart.exciseCents);
    }
    const inMa = await desk.get(admin.cookie, c.id);
    const vapeLine = inMa.lines.find((l) => l.variantId === tiered.sku)!;
    expect(vapeLine).toMatchObject({ unitPriceCents: 800, priceSource: 'group' });
    expect(vapeLine.tiers).toEqual([{ minQuantity: 10, unitPriceCents: 800 }]);
    // Massachusetts bans flavoured vapes: the line says so, and the order cannot be placed.
    expect(vapeLine.problem).toMatch(/^Cannot go to this location: /);
    expect(inMa.problems).toContain(deskMessages.linesWithProblems(1));
    // Pennsylvania taxes it at 40% of the wholesale price.
    const inPa = await d.setDetails(admin.cookie, c.id, { locationId: pa });
    expect(inPa.lines.find((l) => l.variantId === tiered.sku)).toMatchObject({
      exciseCents: 3840,
      problem: null,
    });
    expect(inPa.problems).toEqual([]);
    expect(inPa.totalCents).toBe(12 * 800 + 3 * 700 + 3840 + inPa.standardFeeCents);
  });

  it('stock, case packs, an unlicensed state and a missing location are shown as problems', async () => {
    const c = await f.company();
    const few = await f.variantWith(2);
    const cased = await f.variantWith(50);
    await t.database.query('update variants set min_quantity = 6, order_increment = 6 where id = $1', [
      cased.id,
    ]);
    await t.app.catalogue.changed();
    const v = await d.vape(10);
    expect((await desk.line(admin.cookie, c.id, few.sku, 3)).statusCode).toBe(200);
    expect((await desk.line(admin.cookie, c.id, cased.sku, 7)).statusCode).toBe(200);
    expect((await desk.line(admin.cookie, c.id, v.sku, 1)).statusCode).toBe(200);
    const none = await desk.get(admin.cookie, c.id);
    expect(none.locationId).toBeNull();
    expect(none.problems).toContain(deskMessages.noLocation);
    await d.location(c.id, 'OH', { licence: false });
    const view = await desk.get(admin.cookie, c.id);
    const problem = (id: string) => view.lines.find((l) => l.variantId === id)!.problem;
    expect(problem(few.sku)).toBe(deskMessages.lineShort(2));
    expect(problem(cased.sku)).toMatch(/6/);
    expect(problem(v.sku)).toMatch(/^Cannot go to this location: .*licen/i);
    expect(view.problems).toEqual([deskMessages.linesWithProblems(3)]);
    expect(view.company.verified).toBe(false);
  });

  it('search finds options by SKU or name, priced and judged for the company, and says what the draft holds', async () => {
    const c = await f.company();
    await d.location(c.id, 'PA', { licence: true });
    const v = await d.vape(40, 1500);
    await d.group(c.id, v.id, { basisPoints: 1000 });
    expect((await desk.line(admin.cookie, c.id, v.sku, 2)).statusCode).toBe(200);
    const res = await desk.search(admin.cookie, c.id, v.sku.toLowerCase());
    expect(res.statusCode).toBe(200);
    const found = DeskSearchSchema.parse(res.json()).options;
    expect(found[0]).toMatchObject({
      sku: v.sku,
      unitPriceCents: 1350,
      priceSource: 'group',
      stock: 40,
      blocks: [],
      inDraft: 2,
    });
    const [product] = await t.database.query<{ name: string }>('select name from products where id = $1', [
      v.product_id,
    ]);
    const byName = DeskSearchSchema.parse(
      (await desk.search(admin.cookie, c.id, product!.name)).json(),
    ).options;
    expect(byName.map((o) => o.sku)).toContain(v.sku);
    expect(DeskSearchSchema.parse((await desk.search(admin.cookie, c.id, '')).json()).options).toEqual([]);
  });
});

describe('lines pasted and the details', () => {
  it('adds the SKUs it knows (quantities add up) and reports the rest with their line numbers', async () => {
    const c = await f.company();
    const a = await f.variantWith(100);
    const b = await f.variantWith(100);
    expect((await desk.line(admin.cookie, c.id, a.sku, 2)).statusCode).toBe(200);
    const res = await desk.paste(admin.cookie, c.id, `${a.sku} 3\n${b.sku},4\nNOPE-1 2\n${b.sku} x`);
    expect(res.statusCode, res.body).toBe(200);
    const pasted = DeskPasteResultSchema.parse(res.json());
    expect(pasted.message).toBe(deskMessages.pasted(2, 2));
    expect(pasted.notAdded.map((n) => [n.lines, n.sku])).toEqual([
      [[3], 'NOPE-1'],
      [[4], b.sku],
    ]);
    expect(pasted.notAdded[0]!.problem).toBe(deskMessages.unknownSku);
    expect(pasted.draft.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [a.sku, 5],
      [b.sku, 4],
    ]);
    // The search's Add adds to the line as it is now; a plain set replaces it.
    const added = await d.call('PUT', `${ADMIN}/desk/${c.id}/lines`, admin.cookie, {
      sku: a.sku,
      quantity: 2,
      adding: true,
    });
    expect(DeskDraftSchema.parse(added.json()).lines.find((l) => l.variantId === a.sku)!.quantity).toBe(7);
    const set = await desk.line(admin.cookie, c.id, a.sku, 1);
    expect(DeskDraftSchema.parse(set.json()).lines.find((l) => l.variantId === a.sku)!.quantity).toBe(1);
    const bad = await desk.paste(admin.cookie, c.id, '');
    expect(bad.statusCode).toBe(400);
  });

  it("a changed fee needs a reason and a delivery; a stale version is a 409; a location must be the company's", async () => {
    const c = await f.company();
    const other = await f.company();
    const loc = await d.location(c.id, 'TX');
    const elsewhere = await d.location(other.id, 'TX');
    const base = { version: 0, locationId: loc, shippingType: 'Shiptoaddress', feeCents: 0 };
    const noReason = await desk.details(admin.cookie, c.id, base);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: deskMessages.feeReasonRequired, field: 'feeReason' });
    const pickup = await desk.details(admin.cookie, c.id, {
      ...base,
      shippingType: 'Pickup',
      feeReason: 'x',
    });
    expect(pickup.json()).toMatchObject({ message: deskMessages.feeOnlyForDelivery, field: 'feeCents' });
    const notTheirs = await desk.details(admin.cookie, c.id, {
      ...base,
      locationId: elsewhere,
      feeCents: null,
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().message).toBe(deskMessages.locationNotFound);

    const saved = await desk.details(admin.cookie, c.id, {
      ...base,
      feeReason: 'Free delivery this week',
      buyerNote: 'Thanks for the call',
      internalNote: 'Called by Dana',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = DeskDraftSchema.parse(saved.json());
    expect(view).toMatchObject({
      feeCents: 0,
      shippingCents: 0,
      buyerNote: 'Thanks for the call',
      version: 1,
    });
    const stale = await desk.details(admin.cookie, c.id, { ...base, feeCents: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(deskMessages.draftChanged);
    expect((await desk.get(admin.cookie, c.id)).feeCents).toBe(0);
  });

  it('each staff member has their own draft, and the storefront cart is never touched', async () => {
    const c = await f.company();
    const other = await d.staffWithTotp('admin');
    const v = await f.variantWith(10);
    expect((await desk.line(admin.cookie, c.id, v.sku, 2)).statusCode).toBe(200);
    expect((await desk.get(other.cookie, c.id)).lines).toEqual([]);
    expect(await f.cartOf(admin.id)).toEqual([]);
    expect(await f.cartOf(c.owner.id)).toEqual([]);
    const gone = await d.call('DELETE', `${ADMIN}/desk/${c.id}`, admin.cookie);
    expect(gone.json().message).toBe(deskMessages.discarded);
    expect((await desk.get(admin.cookie, c.id)).lines).toEqual([]);
  });

  it('an unverified company over the cap is told so', async () => {
    const c = await f.company();
    await d.location(c.id, 'TX');
    const cap = (await t.app.settings.get()).unverifiedCapCents;
    const v = await f.variantWith(10, cap);
    expect((await desk.line(admin.cookie, c.id, v.sku, 2)).statusCode).toBe(200);
    expect((await desk.get(admin.cookie, c.id)).problems).toContain(deskMessages.overCap(cap));
  });
});
