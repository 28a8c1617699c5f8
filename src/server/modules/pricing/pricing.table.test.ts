import { describe, expect, it } from 'vitest';
import { signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile } from '#tests/test-app.ts';

const t = testAppForFile();
const q = <T = unknown>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const refused = async (text: string, params: unknown[] = []) => {
  await expect(q(text, params)).rejects.toThrow();
};

/** The pricing tables keep their own rules, whatever code writes to them. */
describe('the pricing tables', () => {
  it('a buyer is in at most one group; group names are unique whatever their case', async () => {
    const [chain] = await q<{ id: number }>(
      `insert into customer_groups (name) values ('Chain') returning id`,
    );
    const [retail] = await q<{ id: number }>(
      `insert into customer_groups (name) values ('Retail shop') returning id`,
    );
    await refused(`insert into customer_groups (name) values ('chain')`);
    const buyer = await signUpBuyer(t.app);
    await q('insert into customer_group_members (user_id, group_id) values ($1, $2)', [
      buyer.user.id,
      chain!.id,
    ]);
    await refused('insert into customer_group_members (user_id, group_id) values ($1, $2)', [
      buyer.user.id,
      retail!.id,
    ]);
    // A group with buyers cannot be deleted from under them.
    await refused('delete from customer_groups where id = $1', [chain!.id]);
  });

  it('options and products get a fixed price, brands and categories a percentage', async () => {
    const [g] = await q<{ id: number }>(
      `insert into customer_groups (name) values ('Distributor') returning id`,
    );
    const entry = (scope: string, price: number | null, bp: number | null, tiers = '[]') =>
      `insert into price_list_entries (group_id, scope, target_id, price_cents, basis_points, tiers)
       values (${g!.id}, '${scope}', 1, ${price}, ${bp}, '${tiers}'::jsonb)`;
    await q(entry('variant', 450, null, '[{"minQuantity":10,"priceCents":400}]'));
    await q(entry('brand', null, 1250));
    await refused(entry('product', null, 1000));
    await refused(entry('category', 500, null));
    await refused(entry('category', null, 1000, '[{"minQuantity":10,"priceCents":400}]'));
    await refused(entry('brand', null, 10_001));
    await refused(entry('shelf', 100, null));
    await refused(entry('variant', 300, null)); // one entry per target
  });

  it('case packs: the minimum and maximum are whole cases', async () => {
    const [v] = await q<{ id: number }>('select id from variants order by id limit 1');
    await q('update variants set min_quantity = 20, order_increment = 10, max_quantity = 100 where id = $1', [
      v!.id,
    ]);
    await refused('update variants set min_quantity = 15 where id = $1', [v!.id]);
    await refused('update variants set max_quantity = 105 where id = $1', [v!.id]);
    await refused('update variants set order_increment = 0 where id = $1', [v!.id]);
    await q('update variants set min_quantity = 1, order_increment = 1, max_quantity = null where id = $1', [
      v!.id,
    ]);
  });
});
