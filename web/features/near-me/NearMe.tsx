// The "Near me" control of the Jobs and Schools screens (its state: ./near-me.ts, in the page): a
// later() part of both pages, one chunk; the server renders it and its markup is kept until then, and
// a tap on it meanwhile is acted on once it has hydrated (web/lib/later.tsx).
import { Icon } from '../../components/Icon';
import type { NearMe } from './near-me';

export const NEAR_MILES = [1, 2, 5, 10] as const;

const NEAR_MESSAGES = {
  refused:
    'Location is blocked for this site, so we can’t show what’s near you. Allow location in your browser’s settings, then tap Near me again.',
  unavailable: 'Your location isn’t available right now. Try Near me again in a moment, or filter by borough instead.',
} as const;

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
