import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BannersResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { AdminBannerListSchema, UploadedImageSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { multipart, PDF } from '#tests/multipart.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/catalogue';
const storefront = (path: string) => t.app.inject({ method: 'GET', url: path });

describe('catalogue management: banners and pictures', () => {
  it('banners per slot: add, reorder, delete, shown in the storefront in that order', async () => {
    const staff = await staffWithTotp();
    const image = { url: '/media/x.webp', alt: 'Sale', width: 1200, height: 400 };
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const res = await call('POST', `${api}/banners`, staff.cookie, {
        slot: 'promo',
        title,
        href: '/categories?categoryId=ALL',
        image,
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().id);
    }
    const before = AdminBannerListSchema.parse((await call('GET', `${api}/banners`, staff.cookie)).json());
    const promo = before.banners.filter((b) => b.slot === 'promo').map((b) => b.id);
    const reordered = [ids[2]!, ...promo.filter((id) => id !== ids[2])];
    expect(
      (await call('POST', `${api}/banners/order`, staff.cookie, { slot: 'promo', ids: reordered }))
        .statusCode,
    ).toBe(200);
    const shown = BannersResponseSchema.parse((await storefront('/api/v1/catalogue/banners')).json());
    expect(shown.promo.map((b) => b.id)).toEqual(reordered);

    const partial = await call('POST', `${api}/banners/order`, staff.cookie, {
      slot: 'promo',
      ids: [ids[0]],
    });
    expect(partial.statusCode).toBe(400);
    const external = await call('POST', `${api}/banners`, staff.cookie, {
      slot: 'main',
      title: 'X',
      href: 'https://evil.example',
      image,
    });
    expect(external.json().message).toBe('Links go to a page of this store, starting with /.');

    expect((await call('DELETE', `${api}/banners/${ids[1]}`, staff.cookie)).statusCode).toBe(200);
    const after = BannersResponseSchema.parse((await storefront('/api/v1/catalogue/banners')).json());
    expect(after.promo.map((b) => b.id)).not.toContain(ids[1]);
    const audit = AuditListSchema.parse(
      (await call('GET', '/api/v1/admin/audit?limit=20', staff.cookie)).json(),
    );
    const mine = audit.entries
      .filter((e) => e.actor.id === staff.id && e.entity.startsWith('banner'))
      .map((e) => e.action);
    expect(mine).toEqual([
      'banner.deleted',
      'banner.reordered',
      'banner.created',
      'banner.created',
      'banner.created',
    ]);
  });

  it('images: jpeg/png/webp up to 8 MB become three WebP renditions served from /media for a year', async () => {
    const staff = await staffWithTotp();
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const upload = (content: Buffer, filename = 'Banner Photo.png') => {
      const body = multipart({ filename, contentType: 'image/png', content });
      return t.app.inject({
        method: 'POST',
        url: `${api}/images`,
        payload: body.payload,
        headers: { ...body.headers, cookie: staff.cookie, origin: 'http://localhost:80' },
      });
    };
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const { image, renditions } = UploadedImageSchema.parse(res.json());
    expect(image).toMatchObject({ url: renditions.full, width: 1200, height: 675, alt: 'banner photo' });
    expect(image.srcSet).toBe(`${renditions.thumb} 160w, ${renditions.card} 480w, ${renditions.full} 1200w`);
    for (const [name, url] of Object.entries(renditions)) {
      expect(url).toMatch(/^\/media\/catalogue\/banner-photo-\w+\.[0-9a-f]{12}\.webp$/);
      const served = await storefront(url);
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe({ thumb: 160, card: 480, full: 1200 }[name]);
    }
    const pdf = await upload(PDF, 'license.png');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('Upload a JPEG, PNG or WebP image.');
    const big = await upload(Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Images can be up to 8 MB.');
    const broken = await upload(Buffer.concat([png.subarray(0, 200)]));
    expect(broken.statusCode).toBe(400);
  });
});
