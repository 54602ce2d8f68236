import { useSyncExternalStore } from 'react';

/** True while the media query matches (re-renders when it starts or stops matching). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width a data table shows each row as a card (kept in step with ui.css). */
export const PHONE_LAYOUT = '(max-width: 47.99rem)';
