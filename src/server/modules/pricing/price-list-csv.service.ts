import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import { csvLine } from '#shared/csv.ts';
import { formatCents } from '#shared/money.ts';
import {
  PRICE_LIST_CSV_HEADER,
  type ParsedPriceList,
  type PriceListImportReport,
  parsePriceListCsv,
  priceListCsvRow,
  scopeWord,
} from '#shared/pricing/price-list-csv.ts';
import type { PriceScope, Tier } from '#shared/pricing/price-resolution.ts';
import { basisPointsText } from '#shared/pricing/pricing-forms.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import { listEntries } from './price-list.service.ts';
import { customerGroups, priceListEntries } from './pricing.table.ts';
import { changeList, entryValues, type PricingStaffContext } from './pricing-staff.service.ts';

const PREVIEW_LIMIT = 200;
const WRITE_CHUNK = 1_000;

/** A group's price list as CSV, in the order the console lists it. Entries whose target left the catalogue are left out. */
export async function priceListCsv(ctx: Pick<StaffContext, 'db'>, groupId: number): Promise<string> {
  const { entries } = await listEntries(ctx.db, groupId, { limit: null });
  const lines = [PRICE_LIST_CSV_HEADER.join(',')];
  for (const e of entries) if (e.target) lines.push(csvLine(priceListCsvRow(e)));
  return `${lines.join('\r\n')}\r\n`;
}

type Values = { priceCents: number | null; basisPoints: number | null; tiers: Tier[] };
interface CurrentEntry extends Values {
  id: number;
  scope: PriceScope;
  targetId: number;
}
interface Planned extends Values {
  line: number;
  scope: PriceScope;
  target: string;
  targetId: number;
}

const keyOf = (scope: string, id: number) => `${scope}:${id}`;
const sameValues = (a: Values, b: Values) =>
  a.priceCents === b.priceCents &&
  a.basisPoints === b.basisPoints &&
  a.tiers.length === b.tiers.length &&
  // Compared by value: jsonb keeps its own key order.
  a.tiers.every(
    (t, i) => t.minQuantity === b.tiers[i]!.minQuantity && t.priceCents === b.tiers[i]!.priceCents,
  );

/** "$4.25 (10+: $4.00)" or "12.5 % off". */
function valuesText(v: Values): string {
  if (v.basisPoints !== null) return `${basisPointsText(v.basisPoints)} % off`;
  const tiers = v.tiers.map((t) => `${t.minQuantity}+: ${formatCents(t.priceCents)}`).join(', ');
  return `${formatCents(v.priceCents ?? 0)}${tiers ? ` (${tiers})` : ''}`;
}

/**
 * The ids of the targets a file names, in one query: options and products by their exact SKU,
 * categories by slug, brands as category-slug/brand-slug (as the console's form).
 */
async function resolveTargets(db: Db, parsed: ParsedPriceList): Promise<Map<string, number>> {
  const wanted = (scope: PriceScope) =>
    JSON.stringify([...new Set(parsed.rows.filter((r) => r.body.scope === scope).map((r) => r.body.target))]);
  const named = (scope: PriceScope) => sql`any(select jsonb_array_elements_text(${wanted(scope)}::jsonb))`;
  const res = (await db.execute(sql`
    select 'variant' as scope, sku as key, id from variants where sku = ${named('variant')}
    union all select 'product', sku, id from products where sku = ${named('product')}
    union all select 'category', slug, id from categories where slug = ${named('category')}
    union all select 'brand', c.slug || '/' || b.slug, b.id from brands b join categories c on c.id = b.category_id
      where c.slug || '/' || b.slug = ${named('brand')}
  `)) as unknown as { rows: { scope: PriceScope; key: string; id: number }[] };
  return new Map(res.rows.map((r) => [`${r.scope}\u0000${r.key}`, r.id]));
}

async function currentEntries(db: Db, groupId: number): Promise<CurrentEntry[]> {
  return (await db
    .select({
      id: priceListEntries.id,
      scope: priceListEntries.scope,
      targetId: priceListEntries.targetId,
      priceCents: priceListEntries.priceCents,
      basisPoints: priceListEntries.basisPoints,
      tiers: priceListEntries.tiers,
    })
    .from(priceListEntries)
    .where(eq(priceListEntries.groupId, groupId))) as CurrentEntry[];
}

interface Plan {
  upserts: Planned[];
  removals: CurrentEntry[];
  changes: PriceListImportReport['changes'];
  preview: PriceListImportReport['preview'];
}

/** Step 2, pure: the file's entries against the list as it is. */
function planPriceList(
  rows: Planned[],
  current: CurrentEntry[],
  replace: boolean,
  labels: Map<number, string>,
): Plan {
  const byKey = new Map(current.map((e) => [keyOf(e.scope, e.targetId), e]));
  const named = new Set<string>();
  const plan: Plan = {
    upserts: [],
    removals: [],
    preview: [],
    changes: { added: 0, changed: 0, unchanged: 0, removed: 0 },
  };
  const show = (p: PriceListImportReport['preview'][number]) => {
    if (plan.preview.length < PREVIEW_LIMIT) plan.preview.push(p);
  };
  for (const r of rows) {
    const key = keyOf(r.scope, r.targetId);
    named.add(key);
    const before = byKey.get(key);
    const at = { line: r.line, scope: scopeWord(r.scope), target: r.target };
    if (before && sameValues(before, r)) plan.changes.unchanged++;
    else if (before) {
      plan.changes.changed++;
      plan.upserts.push(r);
      show({ ...at, action: 'change', summary: `${valuesText(before)} → ${valuesText(r)}` });
    } else {
      plan.changes.added++;
      plan.upserts.push(r);
      show({ ...at, action: 'add', summary: valuesText(r) });
    }
  }
  if (replace)
    for (const e of current) {
      if (named.has(keyOf(e.scope, e.targetId))) continue;
      plan.removals.push(e);
      plan.changes.removed++;
      show({
        line: null,
        scope: scopeWord(e.scope),
        target: labels.get(e.id) ?? '',
        action: 'remove',
        summary: valuesText(e),
      });
    }
  return plan;
}

/** How people know each entry's target (for the removals a "replace" import lists). */
async function targetLabels(db: Db, groupId: number): Promise<Map<number, string>> {
  const { entries } = await listEntries(db, groupId, { limit: null });
  return new Map(entries.map((e) => [e.id, e.target || e.label]));
}

/**
 * Imports (or, with dryRun, only checks) a group's price list from CSV:
 * 1. every row read and checked as the console's form checks an entry (shared, pure);
 * 2. targets found in the catalogue (one query per scope) and the list compared with the group's;
 * 3. unless it is a dry run or any row is invalid, in one transaction under the group's lock
 *    (changeList: the version moves, orders being placed price again), compared once more with the
 *    list as it is then, written, and audited; carts of the group's buyers re-price.
 */
export async function importPriceList(
  ctx: PricingStaffContext,
  groupId: number,
  text: string,
  opts: { dryRun: boolean; replace: boolean },
): Promise<PriceListImportReport> {
  const [group] = await ctx.db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId));
  if (!group) throw new NotFound(pricingMessages.groupNotFound);
  const parsed = parsePriceListCsv(text);
  const report: PriceListImportReport = {
    ...opts,
    written: false,
    rows: parsed.rowCount,
    errors: parsed.errors,
    changes: { added: 0, changed: 0, unchanged: 0, removed: 0 },
    preview: [],
  };
  if (!parsed.rowCount) return report;

  const ids = await resolveTargets(ctx.db, parsed);
  const rows: Planned[] = [];
  for (const { line, body } of parsed.rows) {
    const targetId = ids.get(`${body.scope}\u0000${body.target}`);
    if (targetId === undefined)
      report.errors.push({
        line,
        target: body.target,
        message: pricingMessages.targetNotFound(body.scope, body.target),
      });
    else rows.push({ line, scope: body.scope, target: body.target, targetId, ...entryValues(body) });
  }
  report.errors.sort((a, b) => a.line - b.line);
  const labels = opts.replace ? await targetLabels(ctx.db, groupId) : new Map<number, string>();
  const planned = planPriceList(rows, await currentEntries(ctx.db, groupId), opts.replace, labels);
  Object.assign(report, { changes: planned.changes, preview: planned.preview });
  if (report.errors.length || opts.dryRun) return report;

  if (planned.upserts.length || planned.removals.length)
    await changeList(ctx, groupId, async (tx) => {
      // The list as it is now, under the group's lock: what the file changes is worked out again.
      const plan = planPriceList(rows, await currentEntries(tx, groupId), opts.replace, labels);
      await writePlan(tx, ctx.now, groupId, plan);
      Object.assign(report, { changes: plan.changes, preview: plan.preview });
      const entry = { actorId: ctx.staffId, action: 'pricing.list_imported', entity: 'customer_group' };
      const after = { rows: report.rows, replace: opts.replace, ...plan.changes };
      await audit(tx, { ...entry, entityId: String(groupId), after }, ctx.now);
    });
  report.written = true;
  return report;
}

async function writePlan(tx: Db, now: Date, groupId: number, plan: Plan): Promise<void> {
  for (let i = 0; i < plan.upserts.length; i += WRITE_CHUNK) {
    const chunk = plan.upserts.slice(i, i + WRITE_CHUNK);
    await tx
      .insert(priceListEntries)
      .values(
        chunk.map((r) => ({
          groupId,
          scope: r.scope,
          targetId: r.targetId,
          priceCents: r.priceCents,
          basisPoints: r.basisPoints,
          tiers: r.tiers,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [priceListEntries.groupId, priceListEntries.scope, priceListEntries.targetId],
        set: {
          priceCents: sql`excluded.price_cents`,
          basisPoints: sql`excluded.basis_points`,
          tiers: sql`excluded.tiers`,
          updatedAt: now,
        },
      });
  }
  const removed = plan.removals.map((e) => e.id);
  for (let i = 0; i < removed.length; i += WRITE_CHUNK)
    await tx
      .delete(priceListEntries)
      .where(
        and(
          eq(priceListEntries.groupId, groupId),
          inArray(priceListEntries.id, removed.slice(i, i + WRITE_CHUNK)),
        ),
      );
}
