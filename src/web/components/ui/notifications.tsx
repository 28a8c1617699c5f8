import { X } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export type NotificationType = 'warning' | 'info' | 'success' | 'error';
export interface Notification {
  type: NotificationType;
  message: string;
}

/** SPEC §9: notifications close themselves after 3 seconds. */
export const NOTIFICATION_MS = 3_000;

const NotifyContext = createContext<(n: Notification) => void>(() => {});
export const useNotify = () => useContext(NotifyContext);

const BAR: Record<NotificationType, string> = {
  warning: 'bg-amber-500',
  info: 'bg-blue-600',
  success: 'bg-green-600',
  error: 'bg-red-600',
};
const TITLE: Record<NotificationType, string> = {
  warning: 'Warning',
  info: 'Info',
  success: 'Success',
  error: 'Error',
};

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { id: number }) | null>(null);
  const nextId = useRef(0);
  const notify = useCallback((n: Notification) => setCurrent({ ...n, id: ++nextId.current }), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div
        className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4 print:hidden"
        aria-live="polite"
      >
        {current && (
          <div
            key={current.id}
            role={current.type === 'error' || current.type === 'warning' ? 'alert' : 'status'}
            className="pointer-events-auto flex w-full max-w-md overflow-hidden rounded-lg bg-white shadow-2xl ring-1 ring-black/10"
          >
            <div
              className={`w-2 shrink-0 ${BAR[current.type]}`}
              data-testid="notification-bar"
              data-type={current.type}
            />
            <div className="flex flex-1 items-start gap-3 p-4">
              <div className="flex-1">
                <p className="text-sm font-semibold text-gray-900">{TITLE[current.type]}</p>
                <p className="mt-0.5 text-sm text-gray-700">{current.message}</p>
              </div>
              <button
                type="button"
                onClick={() => setCurrent(null)}
                className="rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
                aria-label="Close notification"
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          </div>
        )}
      </div>
    </NotifyContext.Provider>
  );
}
