import { FileText } from 'lucide-react';
import type { MemberAccount } from '#shared/receivables/payments.schemas.ts';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSession } from '#web/lib/session.ts';
import { AccountSummary } from './account-summary.tsx';
import { useMemberAccount } from './api/get-account.ts';
import { DocumentList } from './document-list.tsx';
import { PaymentList } from './payment-list.tsx';
import { StatementSection } from './statement-section.tsx';

const TITLE = 'Invoices & payments';

/**
 * /account/invoices (decision 017): owners and viewers see what the company owes, its aging, its
 * invoices and credit notes, its payments and a statement for a period; a buyer sees the invoices
 * of the orders they placed. A login without a company is told the page is for business accounts.
 */
export function InvoicesPage() {
  return (
    <SignedInPage>
      <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
        <PageTitle>{TITLE}</PageTitle>
        <h1 className="text-2xl font-extrabold tracking-tight">{TITLE}</h1>
        <InvoicesView />
      </div>
    </SignedInPage>
  );
}

function InvoicesView() {
  const membership = useSession().data?.user?.company;
  if (!membership)
    return (
      <p className="mt-4 rounded-xl bg-white p-6 text-gray-700 ring-1 ring-gray-200">
        Invoices and payments are for business accounts. Staff accounts belong to no company.
      </p>
    );
  return <MemberLedger />;
}

function MemberLedger() {
  const account = useMemberAccount();
  if (account.error) return <FormError message={account.error.message} />;
  if (account.isPending) return <PageSpinner />;
  return <Ledger account={account.data} />;
}

function Ledger({ account: { summary, invoices, payments } }: { account: MemberAccount }) {
  return (
    <>
      {summary ? (
        <AccountSummary summary={summary} />
      ) : (
        <p className="mt-1 text-sm text-gray-700">You see the invoices of the orders you placed.</p>
      )}
      <section aria-labelledby="documents-heading" className="mt-8">
        <h2 id="documents-heading" className="text-lg font-bold">
          Invoices and credit notes
        </h2>
        {invoices.length ? (
          <DocumentList documents={invoices} />
        ) : (
          <div className="mt-3 flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-gray-200">
            <FileText className="size-10 text-gray-400" aria-hidden />
            <p className="font-semibold">No invoices yet.</p>
            <p className="max-w-md text-sm text-gray-700">
              An order's invoice shows here once the store issues it, with its PDF to download.
            </p>
          </div>
        )}
      </section>
      {summary && (
        <>
          <section aria-labelledby="payments-heading" className="mt-8">
            <h2 id="payments-heading" className="text-lg font-bold">
              Payments
            </h2>
            {payments.length ? (
              <PaymentList payments={payments} />
            ) : (
              <p className="mt-3 rounded-2xl bg-white px-4 py-6 text-sm text-gray-700 ring-1 ring-gray-200">
                No payments yet.
              </p>
            )}
          </section>
          <StatementSection today={summary.today} />
        </>
      )}
    </>
  );
}
