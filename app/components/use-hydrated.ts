import { useSyncExternalStore } from "react";

const noChange = () => () => {};

/**
 * Whether the page's scripts run: false on the server and while hydrating, true after. What
 * only works with JavaScript (a copy button, a live preview) shows then; the page works without.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
