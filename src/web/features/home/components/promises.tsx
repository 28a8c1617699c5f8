import { BadgeCheck, HandCoins, Headphones, Truck } from 'lucide-react';
import { formatCents } from '#shared/money.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** SPEC §1: the four promises of the home page. */
export function Promises() {
  const fee = useStoreInfo().data?.deliveryFeeCents ?? 2000;
  const items = [
    {
      icon: Truck,
      title: `${formatCents(fee)} flat delivery`,
      text: 'One flat rate on every order, any size',
    },
    { icon: HandCoins, title: 'Pay after you order', text: 'Our team reaches out to arrange payment' },
    {
      icon: BadgeCheck,
      title: '100% original goods',
      text: 'Straight from manufacturers and authorised distributors',
    },
    {
      icon: Headphones,
      title: '24/7 support',
      text: 'Email us any time, day or night; call us in business hours',
    },
  ];
  return (
    <section aria-label="Our promises" className="rounded-2xl bg-gray-900 px-4 py-6 text-white">
      <ul className="grid gap-6 sm2:grid-cols-2 lg:grid-cols-4">
        {items.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-start gap-3">
            <Icon className="size-8 shrink-0 text-amber-400" aria-hidden />
            <div>
              <p className="font-bold">{title}</p>
              <p className="text-sm text-gray-300">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
