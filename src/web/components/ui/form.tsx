import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import {
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '#web/lib/api-client.ts';

type ShellProps = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  labelClassName?: string;
};

/**
 * A label, the control and its hint and error, tied together: the control is `aria-invalid` while
 * it has an error and `aria-describedby` names the hint and the error.
 */
function FieldShell({
  label,
  error,
  hint,
  className,
  labelClassName = 'text-sm font-semibold',
  control,
}: ShellProps & {
  control: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={`block text-gray-900 ${labelClassName}`}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const CONTROL =
  'mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5 text-gray-900 disabled:bg-gray-100 aria-[invalid=true]:border-red-700';

/** A field's own props apart from what goes on its control. */
function splitShell<P extends ShellProps>({ label, error, hint, className, labelClassName, ...control }: P) {
  return [{ label, error, hint, className, labelClassName }, control] as const;
}

/** A labelled input; its error (if any) sits under it and is tied to it. */
export function Field(props: ComponentPropsWithRef<'input'> & ShellProps) {
  const [shell, input] = splitShell(props);
  return <FieldShell {...shell} control={(a11y) => <input {...a11y} className={CONTROL} {...input} />} />;
}

/** A labelled select, like Field. */
export function SelectField(props: ComponentPropsWithRef<'select'> & ShellProps) {
  const [shell, { children, ...select }] = splitShell(props);
  return (
    <FieldShell
      {...shell}
      control={(a11y) => (
        <select {...a11y} className={CONTROL} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A labelled textarea, like Field. */
export function TextAreaField(props: ComponentPropsWithRef<'textarea'> & ShellProps) {
  const [shell, area] = splitShell(props);
  return <FieldShell {...shell} control={(a11y) => <textarea {...a11y} className={CONTROL} {...area} />} />;
}

/** The message a form shows above its button; role=alert so it is read out. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200"
    >
      {message}
    </p>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-lg bg-gray-900 px-4 py-3 font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
    >
      {pending ? 'Please wait…' : children}
    </button>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** What `form.field(name)` gives a Field: the registration and the field's current error. */
export type FieldProps = UseFormRegisterReturn & { error?: string };

/**
 * A react-hook-form form checked by a shared zod schema (the server's own rules, so both say the
 * same message). Errors sit under their fields and focus goes to the first invalid one.
 * `field(name)` spreads into a Field; `serverError(err)` puts the server's answer on the field it
 * names (`{ field }`) when this form shows that field through `field()`, else above the button;
 * `formError` is that message.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's zod 3/4 overloads do not narrow on a generic schema
    resolver: zodResolver(schema as any) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
  });
  const { errors } = form.formState;
  // The fields this render shows through `field()`: a server error naming another goes on top.
  const shown = new Set<string>();
  const field = (name: Path<z.input<S>>): FieldProps => {
    shown.add(name);
    return {
      ...form.register(name),
      error: (get(errors, name) as { message?: string } | undefined)?.message,
    };
  };
  /** `serverErrorUnder('product.')` places the answer of a route whose body is one part of this form. */
  const serverErrorUnder = (prefix: string) => (err: Error) => {
    const name = err instanceof ApiError && err.field ? prefix + err.field : undefined;
    if (name && shown.has(name)) {
      form.setError(
        name as Path<z.input<S>>,
        { type: 'server', message: err.message },
        { shouldFocus: true },
      );
    } else form.setError('root.server', { type: 'server', message: err.message });
  };
  const serverError = serverErrorUnder('');
  return { ...form, field, serverError, serverErrorUnder, formError: errors.root?.server?.message };
}
