import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import type { output, ZodType } from 'zod';

/** A labelled input; the error (if any) is announced and tied to the field. */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: ReactNode }) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5 text-gray-900 disabled:bg-gray-100"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message a form shows above its button; role=alert so it is read out. */
export function FormError({ message }: { message: string | null }) {
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

/**
 * Checks a form's values with a shared schema (the server's own rules) and holds the message to
 * show: the first issue, or the server's answer set with `setError`.
 */
export function useSchemaCheck<S extends ZodType>(schema: S) {
  const [error, setError] = useState<string | null>(null);
  const check = (value: unknown): output<S> | null => {
    const result = schema.safeParse(value);
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? 'Please check the form');
      return null;
    }
    setError(null);
    return result.data;
  };
  return { error, setError, check };
}

/** A form's values, with change handlers for inputs (`onInput(key)`) and for plain values (`setField(key)`). */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const setField = (key: keyof T) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const onInput = (key: keyof T) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setField(key)(e.target.value);
  return { values, setValues, setField, onInput };
}
