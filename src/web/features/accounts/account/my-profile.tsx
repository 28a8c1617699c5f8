import { type Profile, UpdateProfileBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { canManage } from '#shared/companies/companies.rules.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useUpdateProfile } from '#web/features/accounts/api/account-mutations.ts';
import { DocumentsSection } from './documents-section.tsx';

const OWNERS_CHANGE = 'Your company’s: only its owners can change it.';

/** My Profile: edits with Save and Cancel shown only once something changed (SPEC §2). */
export function MyProfile({ user }: { user: Profile }) {
  const initial = {
    name: user.name,
    businessName: user.businessName,
    phoneNumber: user.phoneNumber,
    email: user.email,
    currentPassword: '',
  };
  const form = useZodForm(UpdateProfileBodySchema, { defaultValues: initial });
  const update = useUpdateProfile();
  const notify = useNotify();
  const changed = form.formState.isDirty;
  // A member who is no owner of the company sees its name and phone, not to change (decision 015).
  const ownsBusiness = !user.company || canManage(user.company.role);
  // A verified email is locked (its input disabled, so it has no value to send).
  const emailChanged =
    !user.emailVerified && (form.watch('email') ?? '').trim().toLowerCase() !== user.email.toLowerCase();

  const save = form.handleSubmit(() => {
    const { currentPassword, ...values } = form.getValues();
    const body = { ...values, ...(emailChanged ? { currentPassword } : { email: undefined }) };
    update.mutate(body, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        form.reset({ ...body, email: body.email ?? user.email, currentPassword: '' });
      },
      onError: form.serverError,
    });
  });

  return (
    <div className="space-y-8">
      <form onSubmit={save} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Name" autoComplete="name" {...form.field('name')} />
        {ownsBusiness ? (
          <>
            <Field label="Business name" autoComplete="organization" {...form.field('businessName')} />
            <Field label="Phone number" type="tel" autoComplete="tel" {...form.field('phoneNumber')} />
          </>
        ) : (
          // The company's, which only its owners change: shown, and sent back as they are.
          <>
            <Field label="Business name" value={user.businessName} disabled readOnly hint={OWNERS_CHANGE} />
            <Field
              label="Phone number"
              type="tel"
              value={user.phoneNumber}
              disabled
              readOnly
              hint={OWNERS_CHANGE}
            />
          </>
        )}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          {...form.field('email')}
          disabled={user.emailVerified}
          hint={
            user.emailVerified
              ? 'Verified: it can no longer be changed here.'
              : 'Not verified yet: you can still change it.'
          }
        />
        {emailChanged && (
          <Field
            label="Current password (to change your email)"
            type="password"
            autoComplete="current-password"
            {...form.field('currentPassword')}
          />
        )}
        <div className="sm:col-span-2">
          <FormError message={form.formError} />
        </div>
        {changed && (
          <div className="flex gap-3 sm:col-span-2">
            <button
              type="submit"
              disabled={update.isPending}
              className="rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
            >
              Save
            </button>
            <button
              type="button"
              onClick={() => form.reset(initial)}
              className="rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-100"
            >
              Cancel
            </button>
          </div>
        )}
      </form>

      <DocumentsSection user={user} />

      <section aria-labelledby="default-address">
        <h2 id="default-address" className="text-lg font-bold">
          Default address
        </h2>
        {user.defaultAddress ? (
          <address className="mt-2 not-italic text-gray-800">
            {user.defaultAddress.streetAddress}
            {user.defaultAddress.streetAddress2 && `, ${user.defaultAddress.streetAddress2}`}
            <br />
            {user.defaultAddress.city}, {stateName(user.defaultAddress.state)} {user.defaultAddress.zipCode}
          </address>
        ) : (
          <p className="mt-2 text-gray-700">No address yet.</p>
        )}
      </section>
    </div>
  );
}
