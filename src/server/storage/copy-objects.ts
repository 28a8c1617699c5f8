import type { ObjectStore } from './object-store.ts';
import { underlyingError } from './storage-failure.ts';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size (a copy that was stopped may simply be run again). */
  skipped: number;
  bytes: number;
}

/** The folders the store keeps: pictures and buyers' documents. */
export const STORED_FOLDERS = ['media/', 'private/documents/'] as const;

/**
 * Copies every object under `folders` from one store to another (the data directory into a bucket,
 * or back), streaming each. An object already in the target with the same size is left alone, so
 * the copy can be stopped and run again. Sources are only read.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  opts: { folders?: readonly string[]; dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<CopyReport> {
  try {
    return await copyAll(from, to, opts);
  } catch (err) {
    // The tools that copy print the message: the real cause, not the 503 a buyer would read.
    throw underlyingError(err);
  }
}

async function copyAll(
  from: ObjectStore,
  to: ObjectStore,
  opts: { folders?: readonly string[]; dryRun?: boolean; log?: (line: string) => void },
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const folder of opts.folders ?? STORED_FOLDERS) {
    for await (const { key, size } of from.list(folder)) {
      if ((await to.size(key)) === size) {
        report.skipped++;
        continue;
      }
      if (!opts.dryRun) {
        const object = await from.get(key);
        if (!object) continue; // removed since it was listed
        await to.put(
          key,
          { stream: object.stream, size: object.size },
          object.contentType ?? 'application/octet-stream',
        );
      }
      report.copied++;
      report.bytes += size;
      if (report.copied % 500 === 0) opts.log?.(`  ${report.copied} files copied…`);
    }
  }
  return report;
}
