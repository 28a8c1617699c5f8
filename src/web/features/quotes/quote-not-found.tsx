import { Link } from 'react-router';
import { quoteMessages } from '#shared/orders/quotes.messages.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';

/** Unknown quote, or another company's: the same answer, so numbers cannot be probed. */
export function QuoteNotFound({ message = quoteMessages.notFound }: { message?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageTitle>{message}</PageTitle>
      <h1 className="text-2xl font-extrabold">{message}</h1>
      <p className="mt-3 text-gray-700">
        Check the quote number in your email, or find the quote in your quotes.
      </p>
      <Link
        to="/quotes"
        className="mt-6 inline-block rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-white hover:bg-gray-700"
      >
        Your Quotes
      </Link>
    </div>
  );
}
