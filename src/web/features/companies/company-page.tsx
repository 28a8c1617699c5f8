import { canManage } from '#shared/companies/companies.rules.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '#shared/companies/companies.messages.ts';
import { type Company, CompanyFormSchema } from '#shared/companies/companies.schemas.ts';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSession } from '#web/lib/session.ts';
import { useCompany, useUpdateCompany } from './api/company.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { BUTTON, MembersSection } from './members-section.tsx';

/**
 * /company (decision 015, step 3): the member's company — its details, its members with their
 * roles and limits, and for owners the invitations. Owners change all of it; every other member
 * reads it. A login without a company (staff) is told so.
 */
export function CompanyPage() {
  return (
    <SignedInPage>
      <CompanyView />
    </SignedInPage>
  );
}

function CompanyView() {
  const user = useSession().data?.user;
  const company = useCompany();
  const membership = user?.company;
  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4">
      <PageTitle>Company</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">{membership?.businessName ?? 'Company'}</h1>
      {!membership ? (
        <p className="mt-4 rounded-xl bg-white p-6 text-gray-700 ring-1 ring-gray-200">
          The company page is for business accounts. Staff accounts belong to no company.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            Your role: <strong className="text-gray-900">{ROLE_LABELS[membership.role]}</strong> —{' '}
            {ROLE_DESCRIPTIONS[membership.role].toLowerCase()}.
          </p>
          {company.isPending ? (
            <p className="mt-6 text-gray-700">Loading your company…</p>
          ) : company.isError ? (
            <p role="alert" className="mt-6 text-red-800">
              {company.error.message}
            </p>
          ) : canManage(membership.role) ? (
            <CompanyForm company={company.data} />
          ) : (
            <CompanyDetails company={company.data} />
          )}
          <MembersSection canManage={canManage(membership.role)} />
          {canManage(membership.role) && <InvitationsSection />}
        </>
      )}
    </div>
  );
}

/** What a member who is no owner sees of the company's details. */
function CompanyDetails({ company }: { company: Company }) {
  return (
    <section aria-labelledby="details-heading" className="mt-6 rounded-xl bg-white p-4 ring-1 ring-gray-200">
      <h2 id="details-heading" className="text-lg font-bold">
        Details
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-gray-900">Business name</dt>
        <dd className="text-gray-800">{company.businessName}</dd>
        <dt className="font-semibold text-gray-900">Phone number</dt>
        <dd className="text-gray-800">{company.phoneNumber}</dd>
        <dt className="font-semibold text-gray-900">Tax ID</dt>
        <dd className="text-gray-800">{company.taxId ?? 'Not given'}</dd>
      </dl>
      <p className="mt-3 text-sm text-gray-700">Only an owner of your company can change these.</p>
    </section>
  );
}

/** The company's details as its owners edit them. */
function CompanyForm({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const notify = useNotify();
  const initial = {
    businessName: company.businessName,
    phoneNumber: company.phoneNumber,
    taxId: company.taxId ?? '',
  };
  const form = useZodForm(CompanyFormSchema, { defaultValues: initial });
  const save = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        const saved = res.company;
        form.reset({
          businessName: saved.businessName,
          phoneNumber: saved.phoneNumber,
          taxId: saved.taxId ?? '',
        });
      },
      onError: form.serverError,
    }),
  );
  return (
    <form
      onSubmit={save}
      noValidate
      aria-labelledby="details-heading"
      className="mt-6 grid grid-cols-1 gap-4 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-2"
    >
      <h2 id="details-heading" className="text-lg font-bold sm:col-span-2">
        Details
      </h2>
      <Field label="Business name" autoComplete="organization" {...form.field('businessName')} />
      <Field label="Phone number" type="tel" autoComplete="tel" {...form.field('phoneNumber')} />
      <Field
        label="Tax ID (optional)"
        autoComplete="off"
        hint="An EIN or a state tax id, up to 40 characters."
        {...form.field('taxId')}
      />
      <div className="sm:col-span-2">
        <FormError message={form.formError} />
      </div>
      {form.formState.isDirty && (
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button
            type="submit"
            disabled={update.isPending}
            className={`${BUTTON} bg-gray-900 px-5 py-2.5 text-white hover:bg-gray-700`}
          >
            Save
          </button>
          <button
            type="button"
            onClick={() => form.reset(initial)}
            className={`${BUTTON} px-5 py-2.5 ring-1 ring-gray-300 hover:bg-gray-100`}
          >
            Cancel
          </button>
        </div>
      )}
    </form>
  );
}
