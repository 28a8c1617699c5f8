import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '#shared/messages.ts';

export const ERROR_REDIRECT_SECONDS = 5;

/** SPEC §2 Error page: the 404 or the generic text, then home after 5 seconds with a countdown. */
export function ErrorPage({ kind }: { kind: 'not-found' | 'error' }) {
  const navigate = useNavigate();
  const [deadline] = useState(() => Date.now() + ERROR_REDIRECT_SECONDS * 1000);
  const [seconds, setSeconds] = useState(ERROR_REDIRECT_SECONDS);

  // Counted from a fixed deadline, so a slow tab never stretches the five seconds.
  useEffect(() => {
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) navigate('/', { replace: true });
    };
    const t = setInterval(tick, 250);
    return () => clearInterval(t);
  }, [deadline, navigate]);

  const notFound = kind === 'not-found';
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="error-title"
    >
      {notFound ? (
        <h1 id="error-title" className="text-gray-900">
          {/* Read once, as the spec's one sentence: the space joins the two visible lines. */}
          <span className="block text-6xl font-black tracking-tight text-amber-600">Error 404</span>{' '}
          <span className="mt-3 block text-xl font-semibold">
            {messages.notFound.replace(/^Error 404 /, '')}
          </span>
        </h1>
      ) : (
        <h1 id="error-title" className="text-2xl font-bold text-gray-900">
          {messages.somethingWentWrong}
        </h1>
      )}
      <p className="mt-6 text-gray-700" aria-live="polite">
        Taking you home in <span data-testid="countdown">{seconds}</span> second{seconds === 1 ? '' : 's'}…
      </p>
      <Link
        to="/"
        className="mt-4 rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-white hover:bg-gray-700"
      >
        Go home now
      </Link>
    </section>
  );
}

/** The router's error element: a crash in a page shows the generic error page. */
export function RouteErrorPage() {
  return <ErrorPage kind="error" />;
}
