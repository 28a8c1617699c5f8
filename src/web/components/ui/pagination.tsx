import { ChevronsLeft, ChevronsRight } from 'lucide-react';
import { Link } from 'react-router';
import { paginationWindow } from '#shared/catalogue/pagination.ts';

/** SPEC §9: a window of 5 page numbers with first and last buttons. Pages are links (URL state). */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (p: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pages = paginationWindow(page, pageCount);
  const base = 'flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-semibold';
  const edge = (target: number, label: string, icon: React.ReactNode) =>
    page === target ? (
      <span className={`${base} border-gray-200 text-gray-400`} aria-disabled="true">
        {icon}
        <span className="sr-only">{label}</span>
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        className={`${base} border-gray-300 bg-white hover:bg-gray-100`}
        aria-label={label}
      >
        {icon}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {edge(1, 'First page', <ChevronsLeft className="size-4" aria-hidden />)}
      {pages.map((p) =>
        p === page ? (
          <span key={p} aria-current="page" className={`${base} border-gray-900 bg-gray-900 text-white`}>
            {p}
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            className={`${base} border-gray-300 bg-white hover:bg-gray-100`}
            aria-label={`Page ${p}`}
          >
            {p}
          </Link>
        ),
      )}
      {edge(pageCount, 'Last page', <ChevronsRight className="size-4" aria-hidden />)}
    </nav>
  );
}
