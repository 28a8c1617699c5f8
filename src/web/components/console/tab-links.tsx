import { Link } from 'react-router';

/** Filter tabs as links (the filter lives in the URL). */
export function TabLinks({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { value: string; label: string; to: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.value}
          to={t.to}
          aria-current={t.value === current ? 'page' : undefined}
          className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ${t.value === current ? 'bg-gray-900 text-white ring-gray-900' : 'bg-white text-gray-900 ring-gray-300 hover:bg-gray-100'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
