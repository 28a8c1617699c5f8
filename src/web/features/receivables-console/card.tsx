import { type ReactNode, useId } from 'react';

/** One part of a company's receivables: a card headed one level under the section's heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
    >
      <h3 id={id} className="mb-3 text-base font-bold text-gray-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A definition list of label and value pairs, two columns. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">{children}</dl>;
}
