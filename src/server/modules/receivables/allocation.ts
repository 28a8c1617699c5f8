import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict } from '#server/errors.ts';
import { ledgerMessages } from '#shared/receivables/receivables.messages.ts';

/**
 * A transaction tried again (up to three times) when the database ended it to break a deadlock
 * (40P01): it changed nothing, and the next try finds the other writer done.
 */
export async function retryingDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if ((e?.code ?? e?.cause?.code) !== '40P01' || attempt >= 3) throw err;
    }
  }
}

const OVER_APPLIED = /over_applied:(invoice|source|amount)/;

/** allocate() in the database: a 409 when the invoice owes less, or the source has less, than asked. */
export async function allocate(
  tx: Db,
  invoice: { id: string; number: string },
  source: { paymentId?: string; creditNoteId?: string },
  amountCents: number,
  now: Date,
) {
  try {
    await tx.execute(
      sql`select allocate(${invoice.id}::uuid, ${source.paymentId ?? null}::uuid, ${source.creditNoteId ?? null}::uuid,
        ${amountCents}::integer, ${now.toISOString()}::timestamptz)`,
    );
  } catch (err) {
    // Drizzle wraps the database's error: its own message names the query, the cause says why.
    const e = err as { message?: string; cause?: { message?: string } };
    const over = OVER_APPLIED.exec(`${e?.message ?? err} ${e?.cause?.message ?? ''}`);
    if (!over) throw err;
    throw new Conflict(
      over[1] === 'invoice' ? ledgerMessages.invoiceOwesLess(invoice.number) : ledgerMessages.sourceHasLess,
    );
  }
}
