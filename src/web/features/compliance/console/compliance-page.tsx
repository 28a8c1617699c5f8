import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  PRODUCT_KIND_LABELS,
  RULE_EFFECT_LABELS,
  RULE_EFFECTS,
} from '#shared/compliance/compliance.constants.ts';
import { RuleFormSchema } from '#shared/compliance/compliance-forms.ts';
import type { Rule, RuleCondition } from '#shared/compliance/rules.ts';
import { formatDay } from '#shared/dates.ts';
import {
  Button,
  DataTable,
  Loading,
  PageTitle,
  Panel,
  Select,
  TextArea,
} from '#web/components/console/console-ui.tsx';
import { Field, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { EditorFooter, KindBoxes } from '#web/features/compliance/console/compliance-fields.tsx';
import { RatesSection } from '#web/features/compliance/console/compliance-rates.tsx';
import { ratesQuery, rulesQuery } from '#web/features/compliance/console/queries.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';

/**
 * State rules and excise rates: data staff keep current, each change audited and applied in every
 * instance at once. A starting point, not legal advice: every row says where it comes from.
 */
export function CompliancePage() {
  const rules = useQuery(rulesQuery());
  const rates = useQuery(ratesQuery());
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  if (rules.isPending || rates.isPending) return <Loading />;
  if (rules.error || rates.error) return <p role="alert">{(rules.error ?? rates.error)!.message}</p>;
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link
              to="/admin/compliance/pact"
              className="inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100"
            >
              PACT Act report
            </Link>
            <Button onClick={() => setEditing('new')}>Add a rule</Button>
          </>
        }
      >
        Compliance
      </PageTitle>
      <p className="mb-4 text-sm text-gray-700">
        The seeded rules and rates are a starting point, not legal advice: confirm each with its state. Rules
        apply and lapse on their own dates; a retired rule stays for the record.
      </p>
      {editing && (
        <RuleEditor
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <RulesTable rules={rules.data.rules} onEdit={setEditing} />
      <RatesSection rates={rates.data.rates} />
    </>
  );
}

const statesText = (states: string[]) => (states.includes('*') ? 'Every state' : states.join(', '));

function conditionText(c: RuleCondition): string {
  const parts = [
    c.kinds ? c.kinds.map((k) => PRODUCT_KIND_LABELS[k]).join(' or ') : 'Any product',
    c.flavoured === undefined ? null : c.flavoured ? 'flavoured' : 'not flavoured',
    c.synthesised === undefined ? null : c.synthesised ? 'synthesised or converted' : 'not synthesised',
    c.cannabinoids ? c.cannabinoids.join(', ') : null,
    c.thcMgPerContainerOver === undefined ? null : `over ${c.thcMgPerContainerOver} mg THC per container`,
    c.nicotineMgPerMlOver === undefined ? null : `over ${c.nicotineMgPerMlOver} mg/ml nicotine`,
  ];
  return parts.filter(Boolean).join(', ');
}

function RulesTable({ rules, onEdit }: { rules: Rule[]; onEdit: (r: Rule) => void }) {
  const notify = useNotify();
  const retire = useAdminMutation(
    'POST',
    (id: number) => `compliance/rules/${id}/retire`,
    'MessageResponseSchema',
    () => ({}),
  );
  return (
    <DataTable caption="State rules" head={['Rule', 'States', 'Products', 'Dates', 'Source', '']}>
      {rules.map((r) => (
        <tr key={r.id} className={r.retired ? 'text-gray-500' : ''}>
          <td className="px-3 py-2">
            <strong>{r.name}</strong>
            <span className="block text-xs">{RULE_EFFECT_LABELS[r.effect]}</span>
          </td>
          <td className="px-3 py-2">{statesText(r.states)}</td>
          <td className="px-3 py-2">{conditionText(r.condition)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            {formatDay(r.effectiveFrom)} → {r.effectiveUntil ? formatDay(r.effectiveUntil) : 'until changed'}
            {r.retired && <span className="block text-xs font-semibold">Retired</span>}
          </td>
          <td className="max-w-xs px-3 py-2 text-xs">{r.source}</td>
          <td className="px-3 py-2">
            {!r.retired && (
              <div className="flex gap-2">
                <Button
                  tone="secondary"
                  onClick={() => onEdit(r)}
                  aria-label={`Edit ${r.name} (${statesText(r.states)})`}
                >
                  Edit
                </Button>
                <Button
                  tone="danger"
                  disabled={retire.isPending}
                  aria-label={`Retire ${r.name} (${statesText(r.states)})`}
                  onClick={() =>
                    retire.mutate(r.id, {
                      onSuccess: () => notify({ type: 'success', message: 'Rule retired.' }),
                      onError: (err) => notify({ type: 'error', message: err.message }),
                    })
                  }
                >
                  Retire
                </Button>
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const tri = (v: boolean | undefined) => (v === undefined ? 'any' : v ? 'yes' : 'no');

/** Adds a rule, or changes one: where, about what, what it does, from when, on whose word. */
function RuleEditor({ rule, onDone }: { rule: Rule | null; onDone: () => void }) {
  const notify = useNotify();
  const c = rule?.condition ?? {};
  const form = useZodForm(RuleFormSchema, {
    defaultValues: {
      name: rule?.name ?? '',
      states: rule?.states.join(', ') ?? '',
      effect: rule?.effect ?? 'no_sale',
      kinds: c.kinds ?? [],
      flavoured: tri(c.flavoured),
      synthesised: tri(c.synthesised),
      thcMgPerContainerOver: c.thcMgPerContainerOver === undefined ? '' : String(c.thcMgPerContainerOver),
      nicotineMgPerMlOver: c.nicotineMgPerMlOver === undefined ? '' : String(c.nicotineMgPerMlOver),
      effectiveFrom: rule?.effectiveFrom ?? new Date().toISOString().slice(0, 10),
      effectiveUntil: rule?.effectiveUntil ?? '',
      source: rule?.source ?? '',
    },
  });
  const save = useAdminMutation(
    rule ? 'PUT' : 'POST',
    () => (rule ? `compliance/rules/${rule.id}` : 'compliance/rules'),
    'SavedResponseSchema',
  );
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notify({ type: 'success', message: 'Rule saved: the store applies it now.' });
        onDone();
      },
      onError: form.serverError,
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={rule ? `Edit ${rule.name}` : 'New rule'}
      className="mb-6"
    >
      <Panel title={rule ? `Edit: ${rule.name}` : 'New rule'}>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name (what buyers read)" {...form.field('name')} />
          <Field
            label="States"
            hint="Postal codes, for example MA, NJ; * for every state."
            {...form.field('states')}
          />
          <Select label="Effect" {...form.field('effect')}>
            {RULE_EFFECTS.map((e) => (
              <option key={e} value={e}>
                {RULE_EFFECT_LABELS[e]}
              </option>
            ))}
          </Select>
          <div className="grid grid-cols-2 gap-3">
            <Field label="From" type="date" {...form.field('effectiveFrom')} />
            <Field
              label="Until (first day it no longer applies)"
              type="date"
              {...form.field('effectiveUntil')}
            />
          </div>
        </div>
        <KindBoxes
          legend="Products it is about (none ticked: every product)"
          registration={form.register('kinds')}
        />
        <div className="mt-3 grid gap-3 md:grid-cols-4">
          <Select label="Flavoured" {...form.field('flavoured')}>
            <option value="any">Either</option>
            <option value="yes">Flavoured only</option>
            <option value="no">Unflavoured only</option>
          </Select>
          <Select label="Synthesised cannabinoids" {...form.field('synthesised')}>
            <option value="any">Either</option>
            <option value="yes">Synthesised only</option>
            <option value="no">Natural only</option>
          </Select>
          <Field
            label="THC over (mg per container)"
            inputMode="decimal"
            {...form.field('thcMgPerContainerOver')}
          />
          <Field label="Nicotine over (mg/ml)" inputMode="decimal" {...form.field('nicotineMgPerMlOver')} />
        </div>
        <div className="mt-3">
          <TextArea
            label="Source (law, regulation or notice, and when it was checked)"
            rows={3}
            {...form.field('source')}
          />
        </div>
        <EditorFooter
          formError={form.formError}
          saving={save.isPending}
          submitLabel={rule ? 'Save rule' : 'Add rule'}
          onCancel={onDone}
        />
      </Panel>
    </form>
  );
}
