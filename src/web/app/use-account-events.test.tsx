import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { RECONNECT_SPREAD_MS, useAccountEvents } from './use-account-events.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** jsdom has no EventSource: a stand-in the test drives as a browser's stream would behave. */
class Stream extends EventTarget {
  static last: Stream | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    Stream.last = this;
  }
  close() {
    this.closed = true;
  }
  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

it('listens while a buyer is signed in; after the stream drops and reconnects, what any event refreshes is read again, within a spread moment', () => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', Stream);
  const qc = new QueryClient();
  qc.setQueryData(SESSION_KEY, { user: makeProfile() });
  for (const key of [['cart'], ['orders'], ['account'], ['catalogue'], ['search'], ['other']])
    qc.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => useAccountEvents(), { wrapper });
  const stream = Stream.last!;
  expect(stream.url).toBe('/api/v1/events');
  const stale = () =>
    [SESSION_KEY, ['cart'], ['orders'], ['account'], ['catalogue'], ['search'], ['other']].filter(
      (key) => qc.getQueryState(key)?.isInvalidated,
    );

  // The first opening changes nothing: the page has just read what it shows.
  stream.emit('open');
  expect(stale()).toEqual([]);
  // A cart change elsewhere: the cart and orders are read again.
  stream.emit('cart');
  expect(stale()).toEqual([['cart'], ['orders']]);
  for (const key of [['cart'], ['orders']]) qc.setQueryData(key, {});
  // The stream drops; the browser reconnects: everything a missed event could have changed.
  stream.emit('error');
  expect(stale()).toEqual([]);
  stream.emit('open');
  expect(stale()).toEqual([]);
  vi.advanceTimersByTime(RECONNECT_SPREAD_MS);
  expect(stale()).toEqual([SESSION_KEY, ['cart'], ['orders'], ['account'], ['catalogue'], ['search']]);

  unmount();
  expect(stream.closed).toBe(true);
});
