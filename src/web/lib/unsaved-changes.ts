import { useEffect } from 'react';

/**
 * Forms with changes not yet saved: while any is, closing or reloading the tab asks first (the
 * browser's own question). Moving to another page of the app does not (the router's blocking would
 * stop every link); each form says "Unsaved changes" beside its button instead.
 */
const unsaved = new Set<symbol>();

function askFirst(e: BeforeUnloadEvent) {
  if (!unsaved.size) return;
  e.preventDefault();
  // Older browsers ask only when returnValue is set.
  e.returnValue = '';
}

export function useWarnIfUnsaved(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const id = Symbol('unsaved form');
    unsaved.add(id);
    if (unsaved.size === 1) window.addEventListener('beforeunload', askFirst);
    return () => {
      unsaved.delete(id);
      if (!unsaved.size) window.removeEventListener('beforeunload', askFirst);
    };
  }, [isDirty]);
}
