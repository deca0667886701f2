import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Filters kept in the URL query (shareable; the back button steps through them). 'all' and empty
 * values are left out of the URL (product §5).
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  // 'all' read as no filter too: a filter form submitted without the script sends its selects' 'all'.
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) === 'all' ? '' : (params.get(k) ?? '')])) as Record<K, string>;
  const set = useCallback(
    (next: Partial<Record<K, string>>, replace = false) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next) as [K, string | undefined][]) {
            const value = (v ?? '').trim() === '' || v === 'all' ? null : (v as string);
            if (value === null) p.delete(k);
            else p.set(k, value);
          }
          return p;
        },
        { replace },
      );
    },
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const active = keys.some((k) => values[k] !== '');
  return { values, set, clear, active };
}

/** The value as it was `delay` ms after it last changed (suggestions ask once typing pauses). */
export function useDebouncedValue<T>(value: T, delay = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}

/** A search box's text that writes itself to the URL 350 ms after typing stops (useDebouncedValue). */
/** The search text as typed, and `flush` to search at once (what the form's submit does). */
export type DebouncedSearch = ReturnType<typeof useDebouncedSearch>;

export function useDebouncedSearch(urlValue: string, commit: (v: string) => void, delay = 350) {
  const [text, setText] = useState(urlValue);
  const committed = useRef(urlValue);
  const settled = useDebouncedValue(text.trim(), delay);
  useEffect(() => {
    // The URL changed from outside (back button, Clear): follow it.
    if (urlValue !== committed.current) {
      committed.current = urlValue;
      setText(urlValue);
    }
  }, [urlValue]);
  useEffect(() => {
    // Only the text as it is now, once typing paused (not a settled value the URL has since replaced).
    if (settled !== text.trim() || settled === committed.current.trim()) return;
    committed.current = settled;
    commit(settled);
  }, [settled, text, commit]);
  const flush = () => {
    committed.current = text.trim();
    commit(text.trim());
  };
  return { text, setText, flush };
}
