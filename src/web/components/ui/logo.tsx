export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#111827" />
      <path d="M18 46h28v6H18z" fill="#f59e0b" />
      <path d="M22 40V18h8v22zM34 40V24h8v16z" fill="#fff" />
      <path
        d="M26 14c0-4 4-4 4-8M38 20c0-4 4-4 4-8"
        stroke="#9ca3af"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
