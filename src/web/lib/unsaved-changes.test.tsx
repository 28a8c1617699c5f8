import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWarnIfUnsaved } from './unsaved-changes.ts';

function Form({ dirty }: { dirty: boolean }) {
  useWarnIfUnsaved(dirty);
  return null;
}
const leave = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

describe('leaving with unsaved changes (decision 014, item 20)', () => {
  it('asks while any form has unsaved changes, and not once none has', () => {
    const a = render(<Form dirty={false} />);
    expect(leave()).toBe(false);
    a.rerender(<Form dirty />);
    const b = render(<Form dirty />);
    expect(leave()).toBe(true);
    a.rerender(<Form dirty={false} />);
    expect(leave()).toBe(true);
    b.unmount();
    expect(leave()).toBe(false);
  });
});
