import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  AGE_CONFIRMATION_TTL_MS,
  AGE_GATE_SPLASH_MS,
  isAgeConfirmationValid,
  MINIMUM_AGE,
} from '#shared/age-gate.ts';
import { messages } from '#shared/messages.ts';
import { LogoMark } from '#web/components/ui/logo.tsx';

export const AGE_STORAGE_KEY = 'smokestack.ageConfirmedAt';

function readConfirmation(): number | null {
  try {
    const raw = window.localStorage.getItem(AGE_STORAGE_KEY);
    return raw ? Number(raw) : null;
  } catch {
    return null; // storage blocked: ask every time
  }
}

type Stage = 'splash' | 'question' | 'sorry' | 'confirmed';

/**
 * SPEC §2/§4: the whole app sits behind the age gate. A 1 s splash, then the question; Enter keeps
 * a timestamp valid for one hour, after which the gate returns (also while the page stays open).
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const [stage, setStage] = useState<Stage>(() =>
    isAgeConfirmationValid(readConfirmation(), Date.now()) ? 'confirmed' : 'splash',
  );
  const enterRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (stage === 'splash') {
      const t = setTimeout(() => setStage('question'), AGE_GATE_SPLASH_MS);
      return () => clearTimeout(t);
    }
    if (stage === 'question') enterRef.current?.focus();
    if (stage === 'confirmed') {
      const confirmedAt = readConfirmation() ?? Date.now();
      const remaining = Math.max(0, confirmedAt + AGE_CONFIRMATION_TTL_MS - Date.now());
      const t = setTimeout(() => setStage('question'), remaining);
      return () => clearTimeout(t);
    }
  }, [stage]);

  if (stage === 'confirmed') return children;

  const enter = () => {
    try {
      window.localStorage.setItem(AGE_STORAGE_KEY, String(Date.now()));
    } catch {
      // Without storage the visitor is asked again next time; nothing else to do.
    }
    setStage('confirmed');
  };

  const leave = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.replace('about:blank');
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gradient-to-br from-gray-950 via-gray-900 to-amber-950 p-4">
      {stage === 'splash' ? (
        <div className="flex flex-col items-center gap-4 text-white" role="status" aria-label="Loading">
          <LogoMark className="size-20 animate-pulse" />
          <p className="text-lg font-semibold tracking-wide">Smokestack</p>
        </div>
      ) : (
        <section
          role="dialog"
          aria-modal="true"
          aria-labelledby="age-gate-title"
          aria-describedby="age-gate-text"
          className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-2xl sm:p-8"
        >
          <LogoMark className="mx-auto size-14" />
          {stage === 'question' ? (
            <>
              <h1
                id="age-gate-title"
                className="mt-4 text-xl font-extrabold tracking-tight text-gray-900 sm:text-2xl"
              >
                {messages.ageGateQuestion}
              </h1>
              <p id="age-gate-text" className="mt-3 text-sm leading-6 text-gray-700">
                This site sells tobacco, nicotine and hemp products to businesses. You must be {MINIMUM_AGE}{' '}
                years or older to enter. By pressing Enter you certify that you are {MINIMUM_AGE} years or
                older.
              </p>
              <div className="mt-6 flex gap-3">
                <button
                  ref={enterRef}
                  type="button"
                  onClick={enter}
                  className="flex-1 rounded-lg bg-gray-900 px-4 py-3 font-semibold text-white hover:bg-gray-700"
                >
                  Enter
                </button>
                <button
                  type="button"
                  onClick={() => setStage('sorry')}
                  className="flex-1 rounded-lg border border-gray-300 px-4 py-3 font-semibold text-gray-900 hover:bg-gray-100"
                >
                  Exit
                </button>
              </div>
            </>
          ) : (
            <>
              <h1 id="age-gate-title" className="mt-4 text-lg font-bold text-gray-900">
                {messages.ageGateSorry}
              </h1>
              <p id="age-gate-text" className="sr-only">
                You cannot enter this site.
              </p>
              <button
                type="button"
                onClick={leave}
                className="mt-6 w-full rounded-lg bg-gray-900 px-4 py-3 font-semibold text-white hover:bg-gray-700"
              >
                Go Back
              </button>
            </>
          )}
        </section>
      )}
    </div>
  );
}
