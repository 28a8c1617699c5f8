import { useSyncExternalStore } from 'react';

/** Open or closed (SPEC §4 Cart drawer); the header button and ADD TO CART both open it. */
let open = false;
const listeners = new Set<() => void>();

export function setCartDrawerOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
