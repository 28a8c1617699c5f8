import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { formatDay } from '#shared/dates.ts';
import type { CompanyLedger } from '#shared/receivables/payments.schemas.ts';
import { Loading } from '#web/components/console/console-ui.tsx';
import { useStaffMay } from '#web/lib/console-api.ts';
import { agingFigures, Figures } from './aging.tsx';
import { Card } from './card.tsx';
import { CreditCard } from './credit.tsx';
import { DocumentsCard } from './documents.tsx';
import { PaymentsCard } from './payments.tsx';
import { ledgerQuery } from './queries.ts';
import { RecordPaymentCard } from './record-payment.tsx';
import { RefundsCard } from './refunds.tsx';
import { StatementCard } from './statement.tsx';
import { TermsCard } from './terms.tsx';

/**
 * A company's receivables on its console page (decision 017): what it owes and how old, its
 * credit and terms, its documents, payments and refunds, and a statement. Every role that reads
 * companies sees them; recording payments, refunds, limits, holds and terms is for `receivables`.
 */
export function CompanyReceivables({ companyId }: { companyId: string }) {
  const ledger = useQuery(ledgerQuery(companyId));
  const writes = useStaffMay()('receivables');
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The receivables page links here (#receivables): the section comes into view once it has loaded.
  const loaded = ledger.isSuccess;
  useEffect(() => {
    if (loaded && hash === '#receivables') ref.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);
  return (
    <section ref={ref} id="receivables" aria-labelledby="receivables-heading" className="scroll-mt-4">
      <h2 id="receivables-heading" className="mb-3 text-xl font-extrabold tracking-tight text-gray-900">
        Receivables
      </h2>
      {ledger.isPending ? (
        <Loading />
      ) : ledger.error ? (
        <p role="alert">{ledger.error.message}</p>
      ) : (
        <LedgerParts ledger={ledger.data} writes={writes} />
      )}
    </section>
  );
}

function LedgerParts({ ledger, writes }: { ledger: CompanyLedger; writes: boolean }) {
  const companyId = ledger.company.id;
  return (
    <div className="grid gap-4">
      <Card title="Account">
        <Figures
          label="Account summary"
          figures={[
            ['Balance', ledger.balanceCents],
            ['Overdue', ledger.overdueCents],
            ['Unapplied credit', ledger.unappliedCents],
          ]}
        />
        <h4 className="mt-4 mb-2 text-sm font-semibold">Aging</h4>
        <Figures label="Aging" figures={agingFigures(ledger.aging)} />
        <p className="mt-2 text-xs text-gray-700">
          As of the store's day, {formatDay(ledger.today)}. A negative balance is credit the company holds.
        </p>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <CreditCard companyId={companyId} credit={ledger.credit} today={ledger.today} writes={writes} />
        <TermsCard companyId={companyId} writes={writes} />
      </div>
      {writes && <RecordPaymentCard ledger={ledger} />}
      <DocumentsCard invoices={ledger.invoices} />
      <PaymentsCard payments={ledger.payments} writes={writes} />
      <RefundsCard ledger={ledger} writes={writes} />
      <StatementCard companyId={companyId} today={ledger.today} />
    </div>
  );
}
