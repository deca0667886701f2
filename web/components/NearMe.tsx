// "Near me" on the Jobs and Schools screens (alerts and near me, decision 1250): the phone's location is
// asked only when the button is tapped, kept in this screen's state only (never in the page URL),
// rounded to about 100 m, and sent as `near=LAT,LON&within=MILES`.
import { useCallback, useRef, useState } from 'react';
import { Icon } from './Icon';

export const NEAR_MILES = [1, 2, 5, 10] as const;
const DEFAULT_NEAR_MILES = 2;

type Status = 'off' | 'asking' | 'on' | 'refused' | 'unavailable';

const NEAR_MESSAGES = {
  refused:
    'Location is blocked for this site, so we can’t show what’s near you. Allow location in your browser’s settings, then tap Near me again.',
  unavailable: 'Your location isn’t available right now. Try Near me again in a moment, or filter by borough instead.',
} as const;

/** Miles as shown on a card: "0.4 miles away", "1 mile away". */
export function milesAway(miles: number): string {
  return `${miles} ${miles === 1 ? 'mile' : 'miles'} away`;
}

/** The Near me state of a screen and the query it adds to the list's request. */
export function useNearMe() {
  const [status, setStatus] = useState<Status>('off');
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
  return { status, on, within, setWithin, start, stop, query: on ? { near: point, within: String(within) } : {} };
}

export type NearMe = ReturnType<typeof useNearMe>;

/** The Near me button, the distance choice once it is on, and what went wrong when it could not. */
export function NearMeControl({ near, what }: { near: NearMe; what: 'jobs' | 'schools' }) {
  const pressed = near.status === 'on' || near.status === 'asking';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="near-me">
      <button
        type="button"
        className={`btn btn-sm ${near.on ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={pressed}
        onClick={() => (pressed ? near.stop() : near.start())}
      >
        <Icon name="pin" className="size-4" />
        {near.status === 'asking' ? 'Finding you…' : 'Near me'}
      </button>
      {near.on && (
        <label className="select select-sm w-auto" htmlFor={`near-within-${what}`}>
          <span className="label">Within</span>
          <select id={`near-within-${what}`} value={near.within} onChange={(e) => near.setWithin(Number(e.target.value))}>
            {NEAR_MILES.map((m) => (
              <option key={m} value={m}>
                {m} {m === 1 ? 'mile' : 'miles'}
              </option>
            ))}
          </select>
        </label>
      )}
      {near.on && <span className="text-sm opacity-80">Nearest {what} first</span>}
      {(near.status === 'refused' || near.status === 'unavailable') && (
        <p role="alert" className="basis-full text-sm text-error" data-testid="near-message">
          {NEAR_MESSAGES[near.status]}
        </p>
      )}
    </div>
  );
}
