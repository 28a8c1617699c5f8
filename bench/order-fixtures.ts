/**
 * Fixtures for the place-order bench, run inside the bench server (the process that owns the
 * database: PGlite allows one). Verified buyers (email and documents) with sessions, a pool of variants with ample stock,
 * one "hot" variant with little stock that many carts compete for, and the oversell check.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/server/db/client.ts';
import { hashToken } from '../src/server/modules/accounts/session.service.ts';
import { orderConfirmationMail, orderMailLine } from '../src/server/modules/mail/templates.ts';
import { formatCents } from '../src/shared/money.ts';

export interface DirectRound {
  seconds: number;
  placed: number;
  refused: number;
  /** Each call's time (ms). */
  latencies: number[];
}

export interface OrderFixtures {
  cookies: string[];
  /** Each buyer's new cart (SKU and quantity), in the order of `cookies`: what their checkout shows. */
  fill(hotShare: number): Promise<{ variantId: string; quantity: number }[][]>;
  /**
   * Every buyer's cart placed by calling place_order straight, `concurrency` at a time;
   * `created` is told of each order placed (the app's route kicks the mail and the change feed).
   */
  /** `timed`: called (and awaited) once the calls are built, right before the timed loop. */
  direct(
    concurrency: number,
    mail: DirectMail,
    created: () => void,
    timed?: () => Promise<void>,
  ): Promise<DirectRound>;
  check(): Promise<{
    orders: number;
    unitsSold: number;
    hotSold: number;
    hotStock: number;
    oversold: string[];
  }>;
}

const POOL_STOCK = 10_000_000;

/** The app's store name and public address: the direct loop's confirmation mail is the app's. */
export interface DirectMail {
  storeName: string;
  publicUrl: string;
}

/**
 * Companies of `companySize` (decision 015): each run of that many buyers joins the first's
 * company, the first its owner and the others buyers without a limit, as invitations make them.
 * Returns the owners (who hold the company's documents and location).
 */
async function groupIntoCompanies(
  q: Database['query'],
  users: string[],
  companySize: number,
): Promise<string[]> {
  const owners = users.filter((_, i) => i % companySize === 0);
  if (companySize === 1) return owners;
  const joining = users.filter((_, i) => i % companySize !== 0);
  const ownerOf = joining.map((_, j) => owners[Math.floor(j / (companySize - 1))]!);
  await q(
    `with moved as (
       update company_members m set company_id = j.owner, role = 'buyer'
       from unnest($1::uuid[], $2::uuid[]) j(member, owner) where m.user_id = j.member returning m.user_id)
     delete from companies where id in (select user_id from moved)`,
    [joining, ownerOf],
  );
  return owners;
}

/**
 * Each company's verified Sales ID and license, and its default location in Texas: wholesale carts
 * are above the unverified buyers' cap, the state rules want a license from the ship-to state for
 * vapes and tobacco, and a cart read is judged for the location, as a signed-in buyer's is.
 */
async function giveDocumentsAndLocation(q: Database['query'], owners: string[]): Promise<void> {
  await q(
    `insert into documents (user_id, kind, storage_key, original_name, content_type, size, md5, status, issuing_state)
     select u, k, 'bench/' || u || '/' || k, 'doc.pdf', 'application/pdf', 1, 'x', 'verified', 'TX'
     from unnest($1::uuid[]) u cross join unnest(array['sales_id', 'tobacco_license']) k`,
    [owners],
  );
  await q(
    `insert into addresses (user_id, street_address, city, state, zip_code, is_default)
     select u, '1 Bench St', 'Dallas', 'TX', '75201', true from unnest($1::uuid[]) u`,
    [owners],
  );
}

export async function createOrderFixtures(
  database: Database,
  {
    buyers,
    pool: poolSize,
    hotStock,
    companySize = 1,
  }: { buyers: number; pool: number; hotStock: number; companySize?: number },
): Promise<OrderFixtures> {
  const q = database.query.bind(database);
  const run = Date.now().toString(36);
  const users = await q<{ id: string }>(
    `insert into users (email, password_hash, business_name, name, phone, is_completed, email_verified_at)
     select 'bench-' || $1 || '-' || g || '@bench.example', 'x', 'Bench Shop ' || g, 'Bench Buyer', '+15550100000', true, now()
     from generate_series(1, $2::int) g returning id`,
    [run, buyers],
  );
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < users.length; i += 1000) {
    const batch = users.slice(i, i + 1000);
    await q(
      `insert into sessions (token_hash, user_id, remember, expires_at)
       select unnest($1::text[]), unnest($2::uuid[]), true, now() + interval '1 day'`,
      [batch.map((_, j) => hashToken(tokens[i + j]!)), batch.map((u) => u.id)],
    );
  }
  const owners = await groupIntoCompanies(
    q,
    users.map((u) => u.id),
    companySize,
  );
  await giveDocumentsAndLocation(q, owners);
  // Every order is judged by the rules; the pool leaves out what no state may buy (hemp products
  // over the federal THC limit), so orders measure placing, not refusals.
  const picked = await q<{ id: number; sku: string }>(
    `select v.id, v.sku from variants v join products p on p.id = v.product_id
      where p.compliance->>'kind' <> 'hemp_cannabinoid' order by random() limit $1`,
    [poolSize + 1],
  );
  const hot = picked[0]!.id;
  const pool = picked.slice(1).map((r) => r.id);
  await q('update variants set stock = $1 where id = any($2::int[])', [POOL_STOCK, pool]);
  await q('update variants set stock = $1 where id = $2', [hotStock, hot]);
  // Fresh statistics for the planner after the bulk writes above (companies moved and deleted,
  // documents, locations, sessions), as autovacuum gives a store whose rows came over time. PGlite
  // runs no autovacuum, and PostgreSQL's had not come round yet: without this, orders measured a
  // stale plan (decision 015, the members bench: 58 orders/s on PGlite, 334 with it).
  await q('analyze');
  const initial = new Map<number, number>([[hot, hotStock], ...pool.map((id) => [id, POOL_STOCK] as const)]);
  const userIds = users.map((u) => u.id);
  const skuOf = new Map(picked.map((r) => [r.id, r.sku]));

  return {
    cookies: tokens.map((t) => `sid=${t}`),
    /** Every buyer gets a cart of three pool options (1–3 each); `hotShare` of them also the hot one. */
    async fill(hotShare) {
      await q('delete from cart_items where user_id = any($1::uuid[])', [userIds]);
      const u: string[] = [];
      const v: number[] = [];
      const n: number[] = [];
      const carts: { variantId: string; quantity: number }[][] = [];
      for (const id of userIds) {
        const chosen = new Set<number>();
        while (chosen.size < 3) chosen.add(pool[Math.floor(Math.random() * pool.length)]!);
        if (Math.random() < hotShare) chosen.add(hot);
        const cart: { variantId: string; quantity: number }[] = [];
        for (const variant of chosen) {
          const quantity = variant === hot ? 1 : 1 + Math.floor(Math.random() * 3);
          u.push(id);
          v.push(variant);
          n.push(quantity);
          cart.push({ variantId: skuOf.get(variant)!, quantity });
        }
        carts.push(cart);
      }
      await q(
        `insert into cart_items (user_id, variant_id, quantity)
         select unnest($1::uuid[]), unnest($2::int[]), unnest($3::int[])`,
        [u, v, n],
      );
      return carts;
    },
    async direct(concurrency, mail, created, timed) {
      const calls = await directCalls(database, userIds, mail);
      await timed?.();
      return runDirect(database, calls, concurrency, created);
    },
    /** Units sold per variant must equal the stock each lost, and no stock may be negative. */
    async check() {
      const ids = [...initial.keys()];
      const stock = await q<{ id: number; stock: number }>(
        'select id, stock from variants where id = any($1::int[])',
        [ids],
      );
      const sold = await q<{ variant_id: number; units: string }>(
        `select variant_id, sum(quantity) as units from order_items
         join orders on orders.id = order_items.order_id
         where orders.user_id = any($1::uuid[]) group by variant_id`,
        [userIds],
      );
      const soldBy = new Map(sold.map((r) => [r.variant_id, Number(r.units)]));
      const oversold = stock
        .filter((r) => r.stock < 0 || initial.get(r.id)! - r.stock !== (soldBy.get(r.id) ?? 0))
        .map(
          (r) => `variant ${r.id}: stock ${r.stock}, sold ${soldBy.get(r.id) ?? 0} of ${initial.get(r.id)}`,
        );
      const [orders] = await q<{ n: string }>(
        'select count(*) as n from orders where user_id = any($1::uuid[])',
        [userIds],
      );
      return {
        orders: Number(orders!.n),
        unitsSold: [...soldBy.values()].reduce((a, b) => a + b, 0),
        hotSold: soldBy.get(hot) ?? 0,
        hotStock,
        oversold,
      };
    },
  };
}

/**
 * place_order's arguments for every buyer's cart as it is now, built in SQL (outside the timing):
 * the same lines, checks and mail the app would pass, priced at the catalogue price. This is the
 * limit of our own design: the database's work for an order, with no HTTP, session or pricing.
 */
async function directCalls(database: Database, userIds: string[], mail: DirectMail): Promise<unknown[][]> {
  const rows = await database.query<{
    user_id: string;
    email: string;
    name: string;
    lines: Record<string, unknown>[];
    subtotal: number;
  }>(
    `select c.user_id, u.email, u.name, sum(p.price_cents * c.quantity)::int as subtotal, jsonb_agg(jsonb_build_object(
        'variant_id', v.id, 'sku', v.sku, 'product_name', p.name, 'variant_name', v.name,
        'image_url', '/media/x.webp', 'unit_price_cents', p.price_cents, 'quantity', c.quantity,
        'category_slug', cat.slug, 'brand_slug', b.slug, 'product_slug', p.slug, 'brand_name', b.name,
        'compliance', '{}'::jsonb, 'excise_cents', 0,
        'price_cents', p.price_cents, 'discount_price_cents', p.discount_price_cents,
        'discount_percentage', p.discount_percentage, 'product_compliance', p.compliance,
        'variant_compliance', v.compliance, 'min_quantity', v.min_quantity,
        'order_increment', v.order_increment, 'max_quantity', v.max_quantity)) as lines
     from cart_items c join users u on u.id = c.user_id
     join variants v on v.id = c.variant_id join products p on p.id = v.product_id
     join brands b on b.id = p.brand_id join categories cat on cat.id = b.category_id
     where c.user_id = any($1::uuid[]) group by c.user_id, u.email, u.name`,
    [userIds],
  );
  const [version] = await database.query<{ v: string }>('select version::text as v from compliance_version');
  const check = JSON.stringify({ version: Number(version!.v), licences: ['TX'], group: null });
  return rows.map((r) => [
    r.user_id,
    randomBytes(16).toString('hex'),
    new Date().toISOString(),
    JSON.stringify({
      shipping_type: 'Shiptoaddress',
      ship_name: 'Bench Buyer',
      ship_business_name: 'Bench Shop',
      ship_address: '1 Bench St',
      ship_city: 'Dallas',
      ship_state: 'TX',
      ship_postal_code: '75201',
      comments: '',
      subtotal_cents: r.subtotal,
      shipping_cents: 2000,
      excise_cents: 0,
      total_cents: r.subtotal + 2000,
      carrier: 'UPS',
    }),
    JSON.stringify(r.lines),
    50_000,
    // The confirmation the app renders for this cart (the database fills in the order number).
    JSON.stringify(
      orderConfirmationMail(
        mail.storeName,
        r.email,
        r.name,
        '[[ORDER_NUMBER]]',
        formatCents(r.subtotal + 2000),
        `${mail.publicUrl}/orders`,
        r.lines.map((l) =>
          orderMailLine(
            Number(l.quantity),
            `${l.product_name} — ${l.variant_name}`,
            Number(l.unit_price_cents) * Number(l.quantity),
          ),
        ),
      ),
    ),
    check,
  ]);
}

async function runDirect(
  database: Database,
  calls: unknown[][],
  concurrency: number,
  created: () => void,
): Promise<DirectRound> {
  const round: DirectRound = { seconds: 0, placed: 0, refused: 0, latencies: [] };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < calls.length) {
      const args = calls[next++]!;
      const t0 = performance.now();
      try {
        const [r] = await database.query<{ r: { status: string } }>(
          `select place_order($1::uuid, $2, $3::timestamptz, $4::jsonb, $5::jsonb, $6::integer, $7::jsonb, $8::jsonb) as r`,
          args,
        );
        if (r!.r.status !== 'created') throw new Error(`place_order answered ${r!.r.status}`);
        round.placed++;
        created();
      } catch (err) {
        if (!String((err as Error).message).includes('not_enough_stock')) throw err;
        round.refused++;
      }
      round.latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  round.seconds = (performance.now() - started) / 1000;
  return round;
}
