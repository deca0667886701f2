// "Near me" on the Jobs and Schools screens (alerts and near me, decision 1250): the phone's location is
// asked only when the button is tapped, kept in this screen's state only (never in the page URL),
// rounded to about 100 m, and sent as `near=LAT,LON&within=MILES`. The state lives in the page; its
// control (./NearMe.tsx) is a part that hydrates after the list, so what the hook returns keeps its
// identity while nothing changes (a later() part's props must not change while it loads).
import { useCallback, useMemo, useRef, useState } from 'react';

const DEFAULT_NEAR_MILES = 2;

export type NearStatus = 'off' | 'asking' | 'on' | 'refused' | 'unavailable';

/** Miles as shown on a card: "0.4 miles away", "1 mile away". */
export function milesAway(miles: number): string {
  return `${miles} ${miles === 1 ? 'mile' : 'miles'} away`;
}

/** The Near me state of a screen and the query it adds to the list's request. */
export function useNearMe() {
  const [status, setStatus] = useState<NearStatus>('off');
  const [point, setPoint] = useState<string | null>(null);
  const [within, setWithin] = useState<number>(DEFAULT_NEAR_MILES);
  const asked = useRef(0);

  const start = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    const ask = ++asked.current;
    setStatus('asking');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (ask !== asked.current) return;
        setPoint(`${pos.coords.latitude.toFixed(3)},${pos.coords.longitude.toFixed(3)}`);
        setStatus('on');
      },
      (err) => {
        if (ask !== asked.current) return;
        setPoint(null);
        setStatus(err.code === err.PERMISSION_DENIED ? 'refused' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, []);

  const stop = useCallback(() => {
    asked.current++;
    setPoint(null);
    setStatus('off');
  }, []);

  const on = status === 'on' && point !== null;
  const query = useMemo(() => (on ? { near: point, within: String(within) } : {}), [on, point, within]);
  return useMemo(() => ({ status, on, within, setWithin, start, stop, query }), [status, on, within, start, stop, query]);
}

export type NearMe = ReturnType<typeof useNearMe>;
