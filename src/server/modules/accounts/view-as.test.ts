import { beforeAll, describe, expect, it } from 'vitest';
import { companiesFixture } from '#server/modules/companies/companies.fixture.ts';
import { SessionResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { viewAsMessages } from '#shared/accounts/view-as.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/**
 * Viewing the store as a buyer (decision 016, part 5): a staff session sees the storefront as one
 * member does (their session, cart, orders, prices), audited; every write outside the console is
 * refused with nothing written; the buyer's documents stay closed; the console stays the staff
 * member's; the view ends when stopped, when it runs out, or when the member leaves.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const f = companiesFixture(() => t);
const staff = staffHelpers(() => t, clock);
const ADMIN = '/api/v1/admin';
/** POSTs that only read (and signing out, which ends the view with the session): let through. */
const READS_WITH_A_BODY = new Set([
  '/api/v1/compliance/my-state/cards',
  '/api/v1/cart/quick-order/check',
  '/api/v1/auth/signout',
]);

let admin: Awaited<ReturnType<typeof staff.staffWithTotp>>;
beforeAll(async () => {
  admin = await staff.staffWithTotp('admin');
});

const sessionOf = async (cookie: string) =>
  SessionResponseSchema.parse((await staff.call('GET', '/api/v1/auth/session', cookie)).json());
const view = (cookie: string, companyId: string, memberId: string) =>
  staff.call('POST', `${ADMIN}/companies/${companyId}/view-as`, cookie, { memberId });

/** Every row of every table but the sessions' (signing in touches them), as text: what "nothing written" compares. */
async function everything(): Promise<string> {
  const tables = await t.database.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'
       and tablename not in ('sessions', '__drizzle_migrations') order by tablename`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await t.database.query<{ h: string | null }>(
      `select md5(string_agg(x::text, '|' order by x::text)) as h from "${name}" x`,
    );
    parts.push(`${name}:${row?.h ?? ''}`);
  }
  return parts.join('\n');
}

describe('viewing the store as a buyer', () => {
  it("shows the storefront as the member sees it, keeps the console the staff member's, and is audited", async () => {
    const c = await f.company({ documents: true });
    const v = await f.variantWith(10, 1000);
    expect((await f.add(c.buyer.cookie, v.sku, 3)).statusCode).toBe(200);
    const res = await view(admin.cookie, c.id, c.buyer.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(viewAsMessages.started('Bo Buyer', 'Corner Smoke Shop LLC'));

    const seen = await sessionOf(admin.cookie);
    expect(seen.user).toMatchObject({ id: c.buyer.id });
    expect(seen.viewing).toMatchObject({
      memberName: 'Bo Buyer',
      businessName: 'Corner Smoke Shop LLC',
      companyId: c.id,
    });
    const cart = (await staff.call('GET', '/api/v1/cart', admin.cookie)).json();
    expect(cart.items.map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity])).toEqual(
      [[v.sku, 3]],
    );
    expect((await staff.call('GET', '/api/v1/orders', admin.cookie)).statusCode).toBe(200);
    // The console is still the staff member's.
    const me = (await staff.call('GET', `${ADMIN}/me`, admin.cookie)).json();
    expect(me.user?.id ?? me.id).toBe(admin.id);

    const [entry] = await t.database.query<{ actor_id: string; after: Record<string, unknown> }>(
      "select actor_id, after from audit_log where action = 'company.viewed_as' and entity_id = $1",
      [c.id],
    );
    expect(entry).toMatchObject({ actor_id: admin.id, after: { member: c.buyer.id, name: 'Bo Buyer' } });

    // The buyer's own session is untouched.
    expect((await sessionOf(c.buyer.cookie)).viewing).toBeNull();
    expect((await staff.call('DELETE', `${ADMIN}/view-as`, admin.cookie)).json().message).toBe(
      viewAsMessages.stopped,
    );
    const after = await sessionOf(admin.cookie);
    expect(after.user?.id).toBe(admin.id);
    expect(after.viewing).toBeNull();
  });

  it("prices the catalogue for the member's company, and for the staff member again once stopped", async () => {
    const c = await f.company({ documents: true });
    const v = await f.variantWith(10, 1000);
    const [g] = await t.database.query<{ id: number }>(
      "insert into customer_groups (name) values ('View-as group') returning id",
    );
    await t.database.query(
      "insert into price_list_entries (group_id, scope, target_id, price_cents) values ($1, 'variant', $2, 777)",
      [g!.id, v.id],
    );
    await t.database.query('insert into company_groups (company_id, group_id) values ($1, $2)', [
      c.id,
      g!.id,
    ]);
    await t.app.pricing.changed();
    const page = await f.productPage(v.product_id);
    const priceOf = async () => {
      const detail = (await staff.call('GET', page.url, admin.cookie)).json();
      return detail.variants.find((o: { sku: string }) => o.sku === v.sku)?.yourPrice?.unitPriceCents ?? null;
    };
    expect(await priceOf()).toBeNull();
    expect((await view(admin.cookie, c.id, c.owner.id)).statusCode).toBe(200);
    expect(await priceOf()).toBe(777);
    expect((await staff.call('DELETE', `${ADMIN}/view-as`, admin.cookie)).statusCode).toBe(200);
    expect(await priceOf()).toBeNull();
  });

  it('refuses every write outside the console, with nothing written, and keeps the documents closed', async () => {
    const c = await f.company({ documents: true });
    const v = await f.variantWith(10, 1000);
    await f.add(c.owner.cookie, v.sku, 2);
    expect((await view(admin.cookie, c.id, c.owner.id)).statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const before = await everything();
    const refused: string[] = [];
    let writes = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (template.startsWith('/api/v1/admin') || template.startsWith('/api/docs')) continue;
      for (const method of Object.keys(methods)) {
        if (method === 'get' || method === 'head' || READS_WITH_A_BODY.has(template)) continue;
        writes++;
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'kind'
            ? 'sales_id'
            : name === 'number'
              ? 'SS-100001'
              : '00000000-0000-4000-8000-000000000000',
        );
        const res = await staff.call(method.toUpperCase() as 'POST', url, admin.cookie, {});
        if (res.statusCode !== 403 || res.json().message !== viewAsMessages.readOnly('Dana Buyer'))
          refused.push(`${method} ${template} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(writes).toBeGreaterThan(30);
    expect(refused).toEqual([]);
    expect(await everything()).toBe(before);

    const docs = await staff.call('GET', '/api/v1/account/documents/sales_id', admin.cookie);
    expect(docs.statusCode).toBe(403);
    expect(docs.json().message).toBe(viewAsMessages.noDocuments);
    // The console's writes are the staff member's own, and go on.
    expect((await staff.call('DELETE', `${ADMIN}/view-as`, admin.cookie)).statusCode).toBe(200);
  });

  it("ends when it runs out or the member leaves the company, and reaches only the staff member's companies", async () => {
    const c = await f.company({ documents: true });
    expect((await view(admin.cookie, c.id, c.buyer.id)).statusCode).toBe(200);
    await t.database.query('update session_views set ends_at = $1', [new Date(clock().getTime() - 1000)]);
    expect((await sessionOf(admin.cookie)).viewing).toBeNull();

    expect((await view(admin.cookie, c.id, c.buyer.id)).statusCode).toBe(200);
    await t.database.query('update company_members set removed_at = now() where user_id = $1', [c.buyer.id]);
    const gone = await sessionOf(admin.cookie);
    expect(gone.viewing).toBeNull();
    expect(gone.user?.id).toBe(admin.id);
    expect((await view(admin.cookie, c.id, c.buyer.id)).statusCode).toBe(404);

    const other = await f.company({ documents: true });
    expect((await view(admin.cookie, c.id, other.owner.id)).statusCode).toBe(404);
    const rep = await staff.staffWithTotp('sales');
    expect((await view(rep.cookie, c.id, c.owner.id)).statusCode).toBe(404);
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, c.id]);
    expect((await view(rep.cookie, c.id, c.owner.id)).statusCode).toBe(200);
    const warehouse = await staff.staffWithTotp('warehouse');
    expect((await view(warehouse.cookie, c.id, c.owner.id)).statusCode).toBe(403);
    expect((await view(c.owner.cookie, c.id, c.owner.id)).statusCode).toBe(403);
    expect(
      (await staff.call('POST', `${ADMIN}/companies/${c.id}/view-as`, undefined, { memberId: c.owner.id }))
        .statusCode,
    ).toBe(401);
  });

  it('ends when the staff member may no longer open it: a role without companies, a company moved to another rep; none on a disabled company', async () => {
    const c = await f.company({ documents: true });
    const rep = await staff.staffWithTotp('sales');
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, c.id]);
    expect((await view(rep.cookie, c.id, c.owner.id)).statusCode).toBe(200);
    expect((await sessionOf(rep.cookie)).viewing).not.toBeNull();
    await t.database.query('update companies set sales_rep_id = null where id = $1', [c.id]);
    expect((await sessionOf(rep.cookie)).viewing).toBeNull();
    expect((await staff.call('GET', '/api/v1/company/members', rep.cookie)).statusCode).not.toBe(200);

    const boss = await staff.staffWithTotp('admin');
    expect((await view(boss.cookie, c.id, c.owner.id)).statusCode).toBe(200);
    await t.database.query("update users set staff_role = 'warehouse' where id = $1", [boss.id]);
    const demoted = await sessionOf(boss.cookie);
    expect(demoted.viewing).toBeNull();
    expect(demoted.user?.id).toBe(boss.id);

    await t.database.query('update companies set disabled_at = now() where id = $1', [c.id]);
    const disabled = await view(admin.cookie, c.id, c.owner.id);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe(viewAsMessages.companyDisabled);
  });
});
