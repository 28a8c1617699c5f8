import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider, useNotify } from '#web/components/ui/notifications.tsx';

function Trigger({ type }: { type: 'warning' | 'info' | 'success' | 'error' }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify({ type, message: `A ${type} message` })}>
      notify {type}
    </button>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('shows the message with a colour bar by type and closes itself after 3 seconds', () => {
    render(
      <NotificationsProvider>
        <Trigger type="warning" />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify warning' }));
    expect(screen.getByRole('alert').textContent).toContain('A warning message');
    expect(screen.getByTestId('notification-bar').dataset.type).toBe('warning');
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes with its close button, and success uses a polite status', () => {
    render(
      <NotificationsProvider>
        <Trigger type="success" />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify success' }));
    expect(screen.getByRole('status').textContent).toContain('A success message');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
