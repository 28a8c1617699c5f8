import { useId, useState } from 'react';
import { imageUploadMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { uploadWithProgress } from '#web/lib/upload.ts';
import { Button } from '#web/components/console/console-ui.tsx';

/** Uploads one picture; the server answers WebP renditions and the image to store. */
export function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (image: Image) => void }) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setError(imageUploadMessages.tooLarge);
    setProgress(0);
    try {
      const res = await uploadWithProgress('/api/v1/admin/catalogue/images', file, setProgress);
      const body = res.body as { image?: Image; message?: string } | null;
      if (res.status === 200 && body?.image) onUploaded(body.image);
      else setError(body?.message ?? imageUploadMessages.unreadable);
    } catch {
      setError('Cannot reach the store. Check your connection and try again.');
    } finally {
      setProgress(null);
    }
  };
  return (
    <div>
      <label
        htmlFor={id}
        className="inline-flex min-h-10 cursor-pointer items-center rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-gray-400 focus-within:ring-2 focus-within:ring-gray-900 hover:bg-gray-100"
      >
        {progress === null ? label : `Uploading… ${progress}%`}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A list of pictures: upload more, move one earlier, remove one. The first is the main picture. */
export function ImageList({
  label,
  images,
  onChange,
}: {
  label: string;
  images: Image[];
  onChange: (images: Image[]) => void;
}) {
  const move = (from: number, to: number) => {
    const next = [...images];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange(next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-900">{label}</legend>
      <ul className="mt-2 flex flex-wrap gap-3">
        {images.map((img, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their place in the list is who they are
          <li key={`${img.url}-${i}`} className="w-40 rounded-lg bg-white p-2 ring-1 ring-gray-200">
            <img src={img.url} alt={img.alt} className="h-24 w-full object-contain" />
            <span className="mt-1 flex justify-between gap-1">
              <Button
                tone="secondary"
                className="px-2"
                aria-label={`Move picture ${i + 1} earlier`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ←
              </Button>
              <Button
                tone="danger"
                className="px-2"
                aria-label={`Remove picture ${i + 1}`}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-2">
        <ImageUpload label="Upload a picture" onUploaded={(img) => onChange([...images, img])} />
      </div>
    </fieldset>
  );
}
