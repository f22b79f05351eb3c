import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Changes to the address's query: a value of null or '' removes the parameter. */
export type UrlParamChanges = Record<string, string | number | null>;

/**
 * A page's state that belongs in its address (filters, search, page, period): a reload or Back shows the
 * same view. Changes replace the current history entry, so Back leaves the page rather than undoing a filter.
 */
export function useUrlParams(): [URLSearchParams, (changes: UrlParamChanges) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: UrlParamChanges) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, update];
}
