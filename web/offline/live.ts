import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** Re-renders with the query's result whenever the IndexedDB data it read changes. */
export function useLiveQuery<T>(query: () => Promise<T>, deps: unknown[]): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => setValue(undefined) });
    return () => subscription.unsubscribe();
    // Re-subscribes when the caller's deps change (the query closure is new on every render).
  }, deps);
  return value;
}
