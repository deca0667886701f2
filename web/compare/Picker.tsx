import { useEffect, useState } from 'react';
import { Icon } from '../components/Icon';
import { SearchCombobox, SUGGEST_MIN_CHARS, useSuggestions } from '../features/search/SearchCombobox';
import { ErrorState, isOfflineError } from '../components/states';
import type { SchoolListItem } from '../data/client';
import { useSchoolsWithTotal } from '../data/hooks';
import { formatNumber } from '../lib/format';
import type { Suggestion } from '../lib/suggest';

/** A school picked from a suggestion (the phone's copy of the names offline): its figures come next. */
export interface PickedName {
  id: number;
  name: string;
  borough: string;
}

/** Escape closes the picker, as it closes the header's menu: listened to on the document, so the
 * picker's box stays a plain container. An Escape that closed the suggestions first is left alone. */
function useEscapeCloses(onClose: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
}

/**
 * The picker: the schools listed when it first opens (product §4) and the search box every other
 * box uses (SearchCombobox: a combobox suggesting the top 5 schools after 2 characters, from the
 * phone's copy of the names when there is no signal; decision 0701).
 */
export function Picker({
  chosen,
  onPick,
  onPickName,
  onClose,
}: {
  chosen: SchoolListItem[];
  onPick: (s: SchoolListItem) => void;
  onPickName: (s: PickedName) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const typing = text.trim().length >= SUGGEST_MIN_CHARS;
  // The schools load when the picker first opens (product §4).
  const { data, error, isLoading } = useSchoolsWithTotal({});
  const chosenIds = chosen.map((c) => c.id);
  const suggestions = useSuggestions(text, { jobs: false, except: chosenIds });
  useEffect(() => document.getElementById('compare-search')?.focus(), []);
  useEscapeCloses(onClose);
  const pickSuggestion = (s: Suggestion) => {
    const id = Number(s.id.replace('school-', ''));
    const listed = data?.rows.find((r) => r.id === id);
    if (listed) onPick(listed);
    else onPickName({ id, name: s.label, borough: s.detail });
  };
  return (
    <div className="card bg-base-100 border border-primary shadow-lg compare-in" data-testid="compare-picker">
      <div className="card-body p-4 gap-3">
        <div className="flex items-center gap-2">
          <SearchCombobox
            id="compare-search"
            className="flex-1"
            value={text}
            onChange={setText}
            groups={[{ label: 'Schools', items: suggestions.schools }]}
            onPick={pickSuggestion}
            placeholder="Search schools by name"
            label={
              <>
                <Icon name="search" className="size-4 opacity-60" />
                <span className="sr-only">Search schools to compare</span>
              </>
            }
          />
          <button type="button" className="btn btn-ghost btn-square" onClick={onClose} aria-label="Close school picker">
            <Icon name="close" />
          </button>
        </div>
        {typing ? (
          !suggestions.pending &&
          suggestions.schools.length === 0 && (
            <p className="text-sm opacity-80 py-2" data-testid="compare-empty" role="status">
              No schools match &quot;{text.trim()}&quot;.
            </p>
          )
        ) : (
          <PickerList
            data={data}
            error={error}
            isLoading={isLoading}
            options={(data?.rows ?? []).filter((s) => !chosenIds.includes(s.id))}
            onPick={onPick}
          />
        )}
        {!typing && data && data.total > data.rows.length && (
          <p className="text-xs opacity-70">
            Showing the first {data.rows.length} of {formatNumber(data.total)} schools: type a name to find any school.
          </p>
        )}
      </div>
    </div>
  );
}

/** The schools listed before anything is typed: an error, the loading rows, none left, or the list. */
function PickerList({
  data,
  error,
  isLoading,
  options,
  onPick,
}: {
  data: unknown;
  error: unknown;
  isLoading: boolean;
  options: SchoolListItem[];
  onPick: (s: SchoolListItem) => void;
}) {
  if (error)
    return isOfflineError(error) ? (
      <p className="text-sm opacity-80 py-2" data-testid="compare-offline">
        No signal: type a school&apos;s name, the names are kept on this phone.
      </p>
    ) : (
      <ErrorState error={error} />
    );
  if (isLoading && !data)
    return (
      <div className="grid gap-2" role="status" aria-label="Loading schools">
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className="skeleton h-10 w-full" />
        ))}
      </div>
    );
  if (options.length === 0)
    return (
      <p className="text-sm opacity-80 py-2" data-testid="compare-empty">
        No schools to add.
      </p>
    );
  return (
    <ul id="compare-options" className="max-h-72 overflow-y-auto grid gap-1" aria-label="Schools">
      {options.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            className="btn btn-ghost btn-sm w-full justify-start h-auto py-2 text-left font-normal"
            onClick={() => onPick(s)}
          >
            <span className="flex-1">
              <span className="font-medium block">{s.name}</span>
              <span className="text-xs opacity-70">
                {s.borough}
                {s.type ? ` · ${s.type}` : ''}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
