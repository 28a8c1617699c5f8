import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { DomainError, Invalid } from '#server/errors.ts';
import { detectDocumentType, safeDisplayName } from '#server/modules/accounts/file-type.ts';
import type { MediaStore } from '#server/storage/media-store.ts';
import { imageUploadMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import { IMAGE_RENDITIONS, IMAGE_UPLOAD_MAX_BYTES } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { slugify } from '#shared/catalogue/slug.ts';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const isWebp = (buf: Buffer) =>
  buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP';

/**
 * An uploaded catalogue picture (product, option, brand logo, banner) becomes three WebP
 * renditions named by content hash under /media/catalogue/ (served with a year's cache).
 * The bytes decide the type, not the name or the browser's claim; anything sharp cannot decode
 * is refused. EXIF orientation is applied and metadata dropped (no GPS from a phone photo).
 */
export async function storeCatalogueImage(
  media: MediaStore,
  part: MultipartFile,
  alt: string | undefined,
): Promise<{ image: Image; renditions: { thumb: string; card: string; full: string } }> {
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError(413, imageUploadMessages.tooLarge);
    throw new Invalid(imageUploadMessages.unreadable); // the request ended before the file did
  }
  if (part.file.truncated || data.length > IMAGE_UPLOAD_MAX_BYTES)
    throw new DomainError(413, imageUploadMessages.tooLarge);
  const type = detectDocumentType(data)?.contentType;
  if (!(type && IMAGE_TYPES.has(type)) && !isWebp(data)) throw new Invalid(imageUploadMessages.wrongType);

  const base = slugify(safeDisplayName(part.filename).replace(/\.[a-z0-9]+$/i, '')) || 'image';
  const names = Object.keys(IMAGE_RENDITIONS) as (keyof typeof IMAGE_RENDITIONS)[];
  // Every rendition is made before any is stored: a picture sharp cannot read is the sender's
  // problem (400); a store that cannot take the files is ours (StorageUnavailable, 503), and then
  // none of them is kept.
  const made: { data: Buffer; info: { width: number; height: number } }[] = [];
  try {
    for (const name of names) {
      const size = IMAGE_RENDITIONS[name];
      made.push(
        await sharp(data, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: name === 'thumb' ? 70 : 80 })
          .toBuffer({ resolveWithObject: true }),
      );
    }
  } catch {
    throw new Invalid(imageUploadMessages.unreadable);
  }
  const urls = await media.putAllHashed(
    'catalogue',
    names.map((name, i) => ({ baseName: `${base}-${name}`, ext: 'webp', data: made[i]!.data })),
  );
  const renditions = Object.fromEntries(names.map((name, i) => [name, urls[i]!])) as Record<
    keyof typeof IMAGE_RENDITIONS,
    string
  >;
  const widths = names.map((name, i) => `${renditions[name]} ${made[i]!.info.width}w`);
  const full = made[names.indexOf('full')]!.info;
  return {
    image: {
      url: renditions.full,
      alt: (alt ?? '').trim().slice(0, 200) || base.replace(/-/g, ' '),
      width: full.width,
      height: full.height,
      // The browser picks the smallest rendition that fills the slot (a card, a thumbnail).
      srcSet: widths.join(', '),
    },
    renditions,
  };
}
