import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';

/** Puts text on the clipboard: the Clipboard API, else (an insecure page, an old browser) a selected textarea. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.focus();
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
      before?.focus(); // keyboard users stay on the button
    }
  }
}

/**
 * A small button that copies `text` (a SKU, a key), named for what it copies, saying "Copied" for a
 * moment (read out by screen readers too).
 */
export function CopyButton({
  text,
  label,
  caption,
  className = '',
}: {
  text: string;
  label: string;
  /** Words shown beside the icon ("Copy"); without, the icon alone. */
  caption?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        onClick={async () => setCopied(await copyText(text))}
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        className={`inline-flex items-center gap-1 rounded p-1 text-gray-700 hover:bg-gray-100 hover:text-gray-900 ${className}`}
      >
        {copied ? (
          <Check className="size-3.5 text-emerald-700" aria-hidden />
        ) : (
          <Copy className="size-3.5" aria-hidden />
        )}
        {copied ? (
          <span className="text-xs font-semibold text-emerald-800">Copied</span>
        ) : (
          caption && <span>{caption}</span>
        )}
      </button>
      <span role="status" className="sr-only">
        {copied ? `${label} copied` : ''}
      </span>
    </>
  );
}

/** An option's SKU as a buyer reads and copies it: "SKU SS-1003-10", selected whole on a click. */
export function Sku({ sku, copy = false }: { sku: string; copy?: boolean }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-xs text-gray-700">
      SKU <span className="select-all font-mono text-gray-900">{sku}</span>
      {copy && <CopyButton text={sku} label={`SKU ${sku}`} />}
    </span>
  );
}
