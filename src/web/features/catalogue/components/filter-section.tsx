import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';

/** One section of the filter sidebar's accordion: a heading that opens and closes its content. */
export function Section({
  value,
  title,
  children,
}: {
  value: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Accordion.Item value={value} className="border-b border-gray-200">
      <Accordion.Header>
        <Accordion.Trigger className="group flex w-full items-center justify-between py-3 text-left text-sm font-bold uppercase tracking-wide">
          {title}
          <ChevronDown
            className="size-4 transition-transform group-data-[state=open]:rotate-180"
            aria-hidden
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content>{children}</Accordion.Content>
    </Accordion.Item>
  );
}
