import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { PeriodQuerySchema, type Statement } from '#shared/receivables/payments.schemas.ts';
import { Button, DataTable, Loading } from '#web/components/console/console-ui.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { Card } from './card.tsx';
import { BUTTON_LINK, ENTRY_LABELS, statementPdfUrl } from './labels.ts';
import { statementQuery } from './queries.ts';

type Period = { from: string; to: string };

/** A statement for a period of the store's days: shown as a table, and as a PDF to send. */
export function StatementCard({ companyId, today }: { companyId: string; today: string }) {
  const [period, setPeriod] = useState<Period | null>(null);
  const form = useZodForm(PeriodQuerySchema, {
    defaultValues: { from: `${today.slice(0, 8)}01`, to: today },
  });
  const submit = form.handleSubmit((p) => setPeriod(p));
  return (
    <Card title="Statement">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Statement period"
        className="flex flex-wrap items-end gap-3"
      >
        <Field label="First day" type="date" {...form.field('from')} />
        <Field label="Last day" type="date" {...form.field('to')} />
        <Button type="submit" tone="secondary">
          Show statement
        </Button>
      </form>
      {period && <StatementView companyId={companyId} period={period} />}
    </Card>
  );
}

function StatementView({ companyId, period }: { companyId: string; period: Period }) {
  const statement = useQuery(statementQuery(companyId, period));
  if (statement.isPending) return <Loading />;
  if (statement.error) return <p role="alert">{statement.error.message}</p>;
  const s = statement.data;
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          {formatDay(s.from)} to {formatDay(s.to)}: opening balance{' '}
          <strong>{formatCents(s.openingCents)}</strong>, closing balance{' '}
          <strong>{formatCents(s.closingCents)}</strong>.
        </p>
        <a href={statementPdfUrl(companyId, period)} target="_blank" rel="noreferrer" className={BUTTON_LINK}>
          Statement PDF
        </a>
      </div>
      <StatementTable statement={s} />
    </div>
  );
}

function StatementTable({ statement: s }: { statement: Statement }) {
  if (s.entries.length === 0) return <p className="text-sm text-gray-700">Nothing in this period.</p>;
  return (
    <DataTable caption="Statement" head={['Date', 'What', 'Number', 'Description', 'Amount', 'Balance']}>
      {s.entries.map((e) => (
        <tr key={`${e.kind}-${e.number}-${e.date}`}>
          <td className="px-3 py-2">{formatDay(e.date)}</td>
          <td className="px-3 py-2">{ENTRY_LABELS[e.kind]}</td>
          <td className="px-3 py-2 font-mono text-xs">{e.number}</td>
          <td className="px-3 py-2 break-words">{e.description}</td>
          <td className="px-3 py-2 tabular-nums">{formatCents(e.amountCents)}</td>
          <td className="px-3 py-2 tabular-nums">{formatCents(e.balanceCents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
