import { useSearchParams } from 'react-router-dom';

/**
 * Filters kept in the URL's query string, so a view can be shared: each named key is read as text
 * (null when absent) and setting one replaces the entry in the browser history, not adds one.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, search.get(k) || null])) as Record<K, string | null>;
  const set = (key: K, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return [values, set] as const;
}

/** The 'All' choice of a filter's select. */
export const ALL = '__all';
export const fromChoice = (key: unknown): string | null => (key === null || key === ALL ? null : String(key));
