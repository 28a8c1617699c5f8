import * as Accordion from '@radix-ui/react-accordion';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { ALL_CATEGORIES } from '#shared/catalogue/catalogue.constants.ts';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { useMenu } from '#web/lib/menu.ts';
import { useSession } from '#web/lib/session.ts';
import { accountLinks } from './account-trigger.ts';

/**
 * Mobile categories menu: a drawer with an accordion by category, then brand (SPEC §2 Header), and
 * below them the account's pages (or Sign in and Register), so a phone reaches them from the menu.
 */
export default function MobileMenuDrawer({
  open,
  setOpen,
}: {
  open: boolean;
  setOpen: (o: boolean) => void;
}) {
  const { data } = useMenu();
  const user = useSession().data?.user;

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      title="Categories"
      closeLabel="Close menu"
      contentClassName="fixed inset-y-0 left-0 flex w-[85vw] max-w-sm flex-col bg-white"
      headerClassName="flex items-center justify-between border-b border-gray-200 px-4 py-3"
    >
      <Dialog.Description className="sr-only">Browse products by category and brand</Dialog.Description>
      <nav aria-label="Categories" className="flex-1 overflow-y-auto">
        <ul className="border-b border-gray-200">
          {[ALL_CATEGORIES, 'Vape Hardware', 'Smoke Shop'].map((id) => (
            <li key={id}>
              <Link to={categoryHref(id)} className="block px-4 py-3 font-semibold hover:bg-gray-50">
                {id === ALL_CATEGORIES ? 'All Products' : `All ${id}`}
              </Link>
            </li>
          ))}
        </ul>
        <Accordion.Root type="single" collapsible>
          {data?.categories.map((c) => (
            <Accordion.Item key={c.id} value={c.id} className="border-b border-gray-200">
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between px-4 py-3 text-left font-medium hover:bg-gray-50">
                  {c.name}
                  <ChevronDown
                    className="size-4 transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content>
                <ul className="bg-gray-50 pb-2">
                  <li>
                    <Link
                      to={categoryHref(c.id)}
                      className="block px-6 py-2 text-sm font-semibold text-blue-800"
                    >
                      Shop all {c.name}
                    </Link>
                  </li>
                  {c.brands.map((b) => (
                    <li key={b.id}>
                      <Link to={categoryHref(c.id, b.id)} className="block px-6 py-2 text-sm">
                        {b.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </nav>
      <nav aria-label="Your account" className="border-t-4 border-gray-100 bg-gray-50 py-2">
        <p className="px-4 pb-1 pt-2 text-xs font-bold uppercase tracking-wide text-gray-700">
          {user ? `${user.businessName}` : 'Your account'}
        </p>
        <ul className="grid grid-cols-2">
          {(user
            ? accountLinks(user)
            : ([
                ['Sign in', '/signin'],
                ['Register', '/signup'],
              ] as const)
          ).map(([label, href]) => (
            <li key={label}>
              <Link to={href} className="block px-4 py-2 text-sm font-medium hover:bg-gray-100">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </DialogShell>
  );
}
