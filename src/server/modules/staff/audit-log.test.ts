import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inputMessages } from '#shared/messages.ts';
import { auditMessages } from '#shared/staff/staff.messages.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);

let alex: Awaited<ReturnType<typeof staffWithTotp>>;
let blair: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  alex = await staffWithTotp();
  blair = await staffWithTotp();
  await t.database.query(`update users set name = 'Blair Jones' where id = $1`, [blair.id]);
});

/** An entry as the log holds it, written `at` a given moment (the date filters' edges). */
async function entry(e: {
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  at: string;
  before?: unknown;
  after?: unknown;
}) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      e.actor,
      e.action,
      e.entity,
      e.entityId,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.at,
    ],
  );
  return row!.id;
}
const list = async (query: string) => {
  const res = await call('GET', `/api/v1/admin/audit?${query}`, alex.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return AuditListSchema.parse(res.json());
};

describe('the audit log, readable and filtered (decision 014, item 18)', () => {
  it('filters by staff member, action, record and days (UTC, both included), for staff only', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [['GET', `/api/v1/admin/audit?actor=${alex.id}&from=2026-01-01&to=2026-12-31`]] as const,
      buyer.cookie,
    );
    const widget = `w-${randomUUID()}`;
    const ids = {
      dayOneLate: await entry({
        actor: blair.id,
        action: 'widget.frobbed',
        entity: 'widget',
        entityId: widget,
        at: '2026-03-01T23:59:59Z',
      }),
      dayTwoEarly: await entry({
        actor: blair.id,
        action: 'widget.frobbed',
        entity: 'widget',
        entityId: widget,
        at: '2026-03-02T00:00:00Z',
      }),
      dayThree: await entry({
        actor: blair.id,
        action: 'widget.frobbed',
        entity: 'widget',
        entityId: widget,
        at: '2026-03-03T00:00:00Z',
      }),
      dayBefore: await entry({
        actor: blair.id,
        action: 'widget.frobbed',
        entity: 'widget',
        entityId: widget,
        at: '2026-02-28T23:59:59Z',
      }),
      byAlex: await entry({
        actor: alex.id,
        action: 'widget.frobbed',
        entity: 'widget',
        entityId: widget,
        at: '2026-03-02T10:00:00Z',
      }),
      otherAction: await entry({
        actor: blair.id,
        action: 'widget.polished',
        entity: 'widget',
        entityId: widget,
        at: '2026-03-02T11:00:00Z',
      }),
    };
    const idsOf = async (q: string) =>
      (await list(`entity=widget&entityId=${widget}&${q}`)).entries.map((e) => e.id);

    expect(await idsOf(`actor=${blair.id}&action=widget.frobbed&from=2026-03-01&to=2026-03-02`)).toEqual([
      ids.dayTwoEarly,
      ids.dayOneLate,
    ]);
    expect(await idsOf(`actor=${alex.id}`)).toEqual([ids.byAlex]);
    expect(await idsOf('action=widget.polished')).toEqual([ids.otherAction]);
    expect(await idsOf('from=2026-03-03')).toEqual([ids.dayThree]);
    expect(await idsOf('to=2026-02-28')).toEqual([ids.dayBefore]);
    const whole = await list(`actor=${blair.id}&from=2026-03-02&to=2026-03-02`);
    expect(whole.entries.map((e) => e.id)).toEqual([ids.otherAction, ids.dayTwoEarly]);
    expect(whole.entries[0]!.actor).toEqual({ id: blair.id, name: 'Blair Jones', email: blair.email });
  });

  it('pages older entries by "before", without gaps or repeats', async () => {
    const thing = `p-${randomUUID()}`;
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await entry({
          actor: alex.id,
          action: 'thing.touched',
          entity: 'thing',
          entityId: thing,
          at: '2026-04-01T10:00:00Z',
        }),
      );
    const first = await list(`entity=thing&entityId=${thing}&limit=2`);
    expect(first.entries.map((e) => e.id)).toEqual([made[4], made[3]]);
    expect(first.nextBefore).toBe(made[3]);
    const second = await list(`entity=thing&entityId=${thing}&limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.id)).toEqual([made[2], made[1]]);
    const last = await list(`entity=thing&entityId=${thing}&limit=2&before=${second.nextBefore}`);
    expect(last.entries.map((e) => e.id)).toEqual([made[0]]);
    expect(last.nextBefore).toBeNull();
  });

  it("names each entry's record: the buyer's business, a document's kind and owner, a staff member", async () => {
    const buyer = await signUpBuyer(t.app, { businessName: 'Named Puff Parlour' });
    const disabled = await call('POST', `/api/v1/admin/buyers/${buyer.user.id}/disable`, alex.cookie, {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    const [doc] = await t.database.query<{ id: string }>(
      `insert into documents (user_id, kind, storage_key, original_name, content_type, size, md5, status)
       values ($1, 'tobacco_license', $2, 'x.pdf', 'application/pdf', 1, 'x', 'verified') returning id`,
      [buyer.user.id, `documents/${buyer.user.id}/${randomUUID()}`],
    );
    await entry({
      actor: alex.id,
      action: 'document.verified',
      entity: 'document',
      entityId: doc!.id,
      at: '2026-05-01T10:00:00Z',
    });
    await entry({
      actor: alex.id,
      action: 'staff.totp_reset',
      entity: 'user',
      entityId: blair.id,
      at: '2026-05-01T10:00:00Z',
    });

    const [byBuyer] = (await list(`entity=buyer&entityId=${buyer.user.id}`)).entries;
    expect(byBuyer).toMatchObject({
      action: 'buyer.disabled',
      record: { name: 'Named Puff Parlour', buyerId: buyer.user.id },
    });
    const [byDocument] = (await list(`entity=document&entityId=${doc!.id}`)).entries;
    expect(byDocument!.record).toEqual({
      name: 'Named Puff Parlour',
      kind: 'tobacco_license',
      buyerId: buyer.user.id,
      productId: null,
    });
    const [v] = await t.database.query<{
      id: number;
      name: string;
      sku: string;
      product_id: number;
      product: string;
    }>(
      `select v.id, v.name, v.sku, v.product_id, p.name as product from variants v
         join products p on p.id = v.product_id order by v.id limit 1`,
    );
    await entry({
      actor: alex.id,
      action: 'variant.updated',
      entity: 'variant',
      entityId: String(v!.id),
      at: '2026-05-01T10:00:00Z',
    });
    const [byVariant] = (await list(`entity=variant&entityId=${v!.id}&action=variant.updated`)).entries;
    expect(byVariant!.record).toEqual({
      name: `${v!.product} — ${v!.name} (${v!.sku})`,
      kind: null,
      buyerId: null,
      productId: v!.product_id,
    });
    const [byStaff] = (await list(`entity=user&entityId=${blair.id}&action=staff.totp_reset`)).entries;
    expect(byStaff!.record).toMatchObject({ name: `Blair Jones (${blair.email})`, buyerId: null });
  });

  it('never sends a secret: fields named like one read "(hidden)"', async () => {
    const key = `s-${randomUUID()}`;
    await entry({
      actor: alex.id,
      action: 'thing.changed',
      entity: 'thing',
      entityId: key,
      at: '2026-06-01T10:00:00Z',
      before: { name: 'Old', passwordHash: 'scrypt$abc$never-shown-1' },
      after: { name: 'New', totpSecret: 'NEVERSHOWN2', nested: { recoveryCodes: ['never-shown-3'] } },
    });
    const res = await call('GET', `/api/v1/admin/audit?entity=thing&entityId=${key}`, alex.cookie);
    expect(res.statusCode).toBe(200);
    for (const secret of ['never-shown-1', 'NEVERSHOWN2', 'never-shown-3'])
      expect(res.body).not.toContain(secret);
    expect(AuditListSchema.parse(res.json()).entries[0]).toMatchObject({
      before: { name: 'Old', passwordHash: '(hidden)' },
      after: { name: 'New', totpSecret: '(hidden)', nested: { recoveryCodes: '(hidden)' } },
    });
  });

  it('answers bad filters 400 with what is wrong, never 500', async () => {
    const cases: [string, string][] = [
      ['before=2147483648', auditMessages.badBefore],
      ['before=99999999999999999999', auditMessages.badBefore],
      ['before=abc', auditMessages.badBefore],
      ['before=-1', auditMessages.badBefore],
      ['actor=not-a-uuid', auditMessages.badActor],
      ['actor=00000000-0000-0000-0000-00000000000g', auditMessages.badActor],
      ['action=Order%20Stage!', auditMessages.badAction],
      ['entity=order%3Bdrop', auditMessages.badEntity],
      ['from=2026-02-30', auditMessages.badDate],
      ['to=yesterday', auditMessages.badDate],
      ['from=2026-03-02&to=2026-03-01', auditMessages.datesReversed],
      ['limit=0', auditMessages.badLimit],
      ['limit=201', auditMessages.badLimit],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/api/v1/admin/audit?${query}`, alex.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    for (const query of ['action=order.stage%00', 'entityId=a%00b', `actor=${alex.id}%00`]) {
      const res = await call('GET', `/api/v1/admin/audit?${query}`, alex.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(inputMessages.nul);
    }
    // A well-formed filter that matches nothing is an empty page, not an error.
    expect((await list(`actor=${randomUUID()}&action=no.such_action`)).entries).toEqual([]);
  });
});
