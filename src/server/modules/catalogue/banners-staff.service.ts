import { asc, eq, sql } from 'drizzle-orm';
import { Invalid, NotFound } from '#server/errors.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { catalogueAdminMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { BannerValues } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { banners } from './catalogue.table.ts';

// ---- Banners ---------------------------------------------------------------------------

export async function listBanners({ db }: WithDb) {
  const rows = await db
    .select()
    .from(banners)
    .orderBy(asc(banners.slot), asc(banners.position), asc(banners.id));
  return rows.map((b) => ({ ...b, slot: b.slot as BannerValues['slot'] }));
}

export async function saveBanner(ctx: StaffContext, id: number | null, body: BannerValues): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    let before: typeof banners.$inferSelect | undefined;
    let savedId: number;
    if (id === null) {
      // New banners go last in their slot.
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${banners.position}) + 1, 0)::int` })
        .from(banners)
        .where(eq(banners.slot, body.slot))) as [{ next: number }];
      [{ id: savedId }] = (await tx
        .insert(banners)
        .values({ ...body, position: Number(next) })
        .returning({ id: banners.id })) as [{ id: number }];
    } else {
      [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      if (!before) throw new NotFound(catalogueAdminMessages.bannerNotFound);
      await tx.update(banners).set(body).where(eq(banners.id, id));
      savedId = id;
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: id === null ? 'banner.created' : 'banner.updated',
        entity: 'banner',
        entityId: String(savedId),
        before,
        after: body,
      },
      ctx.now,
    );
    return savedId;
  });
}

/** Sets the order of a slot's banners (the console's drag and drop or arrows send the whole list). */
export async function orderBanners(
  ctx: StaffContext,
  slot: BannerValues['slot'],
  ids: number[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.slot, slot))
      .for('update');
    const known = new Set(current.map((b) => b.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new Invalid('Send every banner of the slot once, in the new order.');
    await tx.execute(sql`
      update banners b set position = v.position
        from jsonb_to_recordset(${JSON.stringify(ids.map((id, position) => ({ id, position })))}::jsonb)
             as v(id int, position int)
       where b.id = v.id`);
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'banner.reordered', entity: 'banner_slot', entityId: slot, after: ids },
      ctx.now,
    );
  });
}

export async function deleteBanner(ctx: StaffContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw new NotFound(catalogueAdminMessages.bannerNotFound);
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'banner.deleted', entity: 'banner', entityId: String(id), before },
      ctx.now,
    );
  });
}
