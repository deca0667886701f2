import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * Re-renders with the query's result whenever the IndexedDB data it read changes. Subscribes
 * again when `query` changes: pass a module-level function (or a useCallback).
 */
export function useLiveQuery<T>(query: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => setValue(undefined) });
    return () => subscription.unsubscribe();
  }, [query]);
  return value;
}
