import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A modal dialog or drawer (Radix: focus trapped and returned, Escape closes, the page behind is
 * inert) with its title row and close button. Only lazily loaded components import this, so Radix
 * stays out of the first bundle.
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  closeLabel = 'Close',
  contentClassName,
  headerClassName = 'flex items-center justify-between',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  closeLabel?: string;
  contentClassName: string;
  headerClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className={`z-50 text-gray-900 shadow-2xl ${contentClassName}`}>
          <div className={headerClassName}>
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 hover:bg-gray-100" aria-label={closeLabel}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
