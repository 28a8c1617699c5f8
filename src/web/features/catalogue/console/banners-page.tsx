import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { BANNER_SLOTS, type BannerSlot } from '#shared/catalogue/catalogue.constants.ts';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import { BannerFormSchema } from '#shared/catalogue/catalogue-forms.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { firstError, useAdminMutation } from '#web/lib/console-api.ts';
import { Button, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { ImageUpload } from '#web/features/catalogue/console/image-picker.tsx';
import { bannersQuery } from '#web/features/catalogue/console/queries.ts';

const SLOT_LABELS: Record<BannerSlot, string> = {
  main: 'Main slider',
  second: 'Second slider',
  vertical: 'Vertical banners',
  promo: 'Promotions',
  brand_tile: 'Brand tiles',
};

type Banner = { id: number; slot: BannerSlot; position: number; title: string; href: string; image: Image };

/** Home banners per slot, in order: drag a banner, or use the arrows (keyboard), to reorder. */
export function BannersPage() {
  const list = useQuery(bannersQuery());
  if (list.isPending) return <Loading />;
  if (list.error) return <p role="alert">{list.error.message}</p>;
  return (
    <>
      <PageTitle>Home banners</PageTitle>
      <div className="space-y-4">
        {BANNER_SLOTS.map((slot) => (
          <SlotPanel key={slot} slot={slot} banners={list.data.banners.filter((b) => b.slot === slot)} />
        ))}
      </div>
    </>
  );
}

function SlotPanel({ slot, banners }: { slot: BannerSlot; banners: Banner[] }) {
  const order = useAdminMutation('POST', () => 'catalogue/banners/order', 'MessageResponseSchema');
  const remove = useAdminMutation(
    'DELETE',
    (id: number) => `catalogue/banners/${id}`,
    'MessageResponseSchema',
    () => undefined,
  );
  const [dragged, setDragged] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= banners.length || from === to) return;
    const ids = banners.map((b) => b.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    order.mutate({ slot, ids });
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  };
  return (
    <Panel title={SLOT_LABELS[slot]}>
      {banners.length === 0 && <p className="text-sm text-gray-700">No banners in this slot.</p>}
      <ol className="space-y-2" aria-label={`${SLOT_LABELS[slot]} in order`}>
        {banners.map((b, i) => (
          <li
            key={b.id}
            draggable={editing !== b.id}
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, i)}
            className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-2 ring-1 ring-gray-200"
          >
            <span aria-hidden className="cursor-grab select-none px-1 text-gray-500">
              ⋮⋮
            </span>
            <img src={b.image.url} alt="" className="h-12 w-24 rounded object-cover" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{b.title}</span>
              <span className="block truncate text-xs text-gray-700">{b.href}</span>
            </span>
            <span className="flex gap-1">
              <Button
                tone="secondary"
                className="px-2"
                aria-label={`Move ${b.title} up`}
                disabled={i === 0 || order.isPending}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </Button>
              <Button
                tone="secondary"
                className="px-2"
                aria-label={`Move ${b.title} down`}
                disabled={i === banners.length - 1 || order.isPending}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </Button>
              <Button
                tone="secondary"
                aria-expanded={editing === b.id}
                aria-label={`Edit ${b.title}`}
                onClick={() => setEditing(editing === b.id ? null : b.id)}
              >
                Edit
              </Button>
              <Button
                tone="danger"
                aria-label={`Delete ${b.title}`}
                onClick={() => window.confirm(`Delete the banner ${b.title}?`) && remove.mutate(b.id)}
              >
                Delete
              </Button>
            </span>
            {editing === b.id && <BannerForm slot={slot} banner={b} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ol>
      <FormError message={firstError(order.error, remove.error)} />
      <BannerForm key={banners.length} slot={slot} />
    </Panel>
  );
}

/** A banner's picture, title and link: a new one (added last in its slot) or an existing one. */
function BannerForm({ slot, banner, onDone }: { slot: BannerSlot; banner?: Banner; onDone?: () => void }) {
  const notify = useNotify();
  const form = useZodForm(BannerFormSchema, {
    defaultValues: {
      slot,
      title: banner?.title ?? '',
      href: banner?.href ?? '/',
      image: banner?.image ?? null,
    },
  });
  const image = form.watch('image');
  const save = useAdminMutation(
    banner ? 'PUT' : 'POST',
    () => (banner ? `catalogue/banners/${banner.id}` : 'catalogue/banners'),
    'SavedResponseSchema',
  );
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notify({ type: 'success', message: banner ? 'Banner saved.' : 'Banner added.' });
        onDone?.();
      },
      onError: form.serverError,
    }),
  );
  const name = banner ? `Edit ${banner.title}` : `New banner in ${SLOT_LABELS[slot]}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={name}
      className={`grid gap-2 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end ${banner ? 'mt-2 w-full' : 'mt-4 border-t border-gray-200 pt-3'}`}
    >
      <div className="flex items-center gap-2">
        {image ? <img src={image.url} alt="" className="h-10 w-20 rounded object-cover" /> : null}
        <ImageUpload
          label="Picture"
          onUploaded={(img) => form.setValue('image', img, { shouldDirty: true })}
        />
      </div>
      <Field label="Title" {...form.field('title')} />
      <Field label="Link (a page of this store)" {...form.field('href')} />
      <Button type="submit" disabled={save.isPending}>
        {banner ? 'Save banner' : 'Add banner'}
      </Button>
      <div className="sm:col-span-4">
        {/* The picture is not a text field: its message shows here, with the server's own. */}
        <FormError message={form.formState.errors.image?.message ?? form.formError} />
      </div>
    </form>
  );
}
