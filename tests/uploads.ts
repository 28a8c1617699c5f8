import sharp from 'sharp';
import type { App } from '../src/server/app.ts';
import { ORIGIN } from './accounts.ts';
import { multipart } from './multipart.ts';

/** A buyer's document upload (a PDF by default), as My Profile sends it. */
export function uploadDocument(
  app: App,
  cookie: string,
  kind: string,
  content: Buffer,
  filename = 'license.pdf',
) {
  const body = multipart({ filename, contentType: 'application/pdf', content });
  return app.inject({
    method: 'POST',
    url: `/api/v1/account/documents/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, origin: ORIGIN, cookie },
  });
}

/** A staff picture upload of a plain PNG of this size, as the product editor sends it. */
export async function uploadPicture(app: App, staffCookie: string, size = { width: 900, height: 600 }) {
  const png = await sharp({ create: { ...size, channels: 3, background: '#225577' } })
    .png()
    .toBuffer();
  const body = multipart({ filename: 'Shelf.png', contentType: 'image/png', content: png });
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalogue/images',
    payload: body.payload,
    headers: { ...body.headers, cookie: staffCookie, origin: ORIGIN },
  });
}
