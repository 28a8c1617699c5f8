import type { BlockView } from '#shared/compliance/compliance.schemas.ts';
import { formatCents } from '#shared/money.ts';

/** A cart line's state excise and, when it cannot go to the ship-to, why (cart drawer, checkout). */
export function LineCompliance({ line }: { line: { blocks: BlockView[]; exciseCents: number } }) {
  return (
    <>
      {line.exciseCents > 0 && (
        <p className="mt-0.5 text-xs text-gray-700">+ {formatCents(line.exciseCents)} state excise</p>
      )}
      {line.blocks.map((b) => (
        <p key={b.reason} className="mt-1 rounded-md bg-red-50 px-2 py-1 text-xs font-semibold text-red-800">
          {b.reason}
        </p>
      ))}
    </>
  );
}
