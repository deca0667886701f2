// A search box that suggests as you type (the WAI-ARIA combobox pattern, list autocomplete): after
// 2 characters, the top 5 schools and jobs; arrow keys move through them
// (aria-activedescendant), Enter opens the one chosen, Escape closes the list. Schools come from
// the API, or from the phone's copy of the school names when there is no signal (decision 0701).
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSchoolNames, useSchoolsWithTotal } from '../../data/hooks';
import { useJobPages } from '../../data/page-hooks';
import { suggestSchools, type Suggestion } from '../../lib/suggest';
import { useDebouncedValue } from '../../components/use-url-filters';

export const SUGGEST_MIN_CHARS = 2;
const SUGGEST_LIMIT = 5;

/**
 * Schools and jobs suggested for the text (schools only with `jobs: false`), each group at most 5;
 * `except` leaves out schools by id (the compare picker's chosen ones). `pending`: nothing to show
 * yet, an answer is on its way.
 */
export function useSuggestions(text: string, options: { jobs?: boolean; borough?: string; except?: readonly number[] } = {}) {
  const q = useDebouncedValue(text.trim(), 200);
  const on = q.length >= SUGGEST_MIN_CHARS && /[\p{L}\p{N}]/u.test(q);
  const except = options.except ?? [];
  const asked = SUGGEST_LIMIT + except.length;
  const names = useSchoolNames(on);
  const schools = useSchoolsWithTotal({ search: q, borough: options.borough, limit: String(asked) }, on);
  const jobs = useJobPages({ search: q, borough: options.borough, limit: String(SUGGEST_LIMIT) }, on && options.jobs !== false);
  if (!on) return { schools: [], jobs: [], pending: false };
  // The API's answer; the device's copy when the API cannot answer (offline) or has not yet.
  const fromApi = schools.data?.rows.map((s) => ({ id: `school-${s.id}`, label: s.name, detail: s.borough, href: `/schools/${s.id}` }));
  const local = names.data ? suggestSchools(names.data, q, asked) : [];
  const kept = (list: Suggestion[]) => list.filter((s) => !except.some((id) => s.id === `school-${id}`)).slice(0, SUGGEST_LIMIT);
  return {
    pending: text.trim() !== q || (!schools.data && !schools.error && !names.data),
    schools: kept(fromApi && !schools.error ? fromApi : local),
    jobs: (jobs.rows ?? []).slice(0, SUGGEST_LIMIT).map((j) => ({
      id: `job-${j.id}`,
      label: j.title,
      detail: j.school?.name ?? j.borough,
      href: `/jobs/${j.id}`,
    })),
  };
}

const optionId = (listId: string, i: number) => `${listId}-option-${i}`;

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  groups: { label: string; items: Suggestion[] }[];
  /** What picking a suggestion does (default: open its page). */
  onPick?: (s: Suggestion) => void;
  label: ReactNode;
  placeholder?: string;
  name?: string;
  className?: string;
}

export function SearchCombobox({ id, value, onChange, groups, onPick, label, placeholder, name, className }: Props) {
  const navigate = useNavigate();
  const listId = useId();
  // The highlighted suggestion by its id, not its place: when the API's answer replaces the phone's
  // copy of the names and the order changes, Enter still opens the one the user sees highlighted.
  const [activeId, setActiveId] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const items = groups.flatMap((g) => g.items);
  const active = activeId === null ? -1 : items.findIndex((s) => s.id === activeId);
  const setActive = (i: number) => setActiveId(i >= 0 ? (items[i]?.id ?? null) : null);
  const open = !closed && value.trim().length >= SUGGEST_MIN_CHARS && items.length > 0;
  const pick = (s: Suggestion) => {
    setClosed(true);
    if (onPick) onPick(s);
    else void navigate(s.href);
  };
  return (
    <div className={`relative ${className ?? ''}`}>
      <label className="input w-full" htmlFor={id}>
        {label}
        <input
          id={id}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(listId, active) : undefined}
          autoComplete="off"
          value={value}
          name={name}
          placeholder={placeholder}
          onChange={(e) => {
            onChange(e.target.value);
            setClosed(false);
            setActive(-1);
          }}
          onBlur={() => setClosed(true)}
          onFocus={() => setClosed(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && items.length) {
              e.preventDefault();
              setClosed(false);
              setActive((active + 1) % items.length);
            } else if (e.key === 'ArrowUp' && items.length) {
              e.preventDefault();
              setClosed(false);
              setActive(active <= 0 ? items.length - 1 : active - 1);
            } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
              e.preventDefault();
              pick(items[active]);
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              setClosed(true);
              setActive(-1);
            }
          }}
        />
      </label>
      <SuggestionList id={id} listId={listId} groups={groups} open={open} active={active} onPick={pick} />
    </div>
  );
}

/** The suggestions under the box, in their groups; each option's id is what aria-activedescendant names. */
function SuggestionList({
  id,
  listId,
  groups,
  open,
  active,
  onPick,
}: {
  id: string;
  listId: string;
  groups: Props['groups'];
  open: boolean;
  active: number;
  onPick: (s: Suggestion) => void;
}) {
  let index = -1;
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      hidden={!open}
      className="absolute z-30 left-0 right-0 mt-1 bg-base-100 text-base-content border border-base-300 rounded-box shadow-lg max-h-96 overflow-y-auto p-1"
      data-testid={`${id}-suggestions`}
    >
      {groups.map((g) =>
        g.items.length ? (
          <li key={g.label} role="presentation">
            <p className="px-3 pt-2 pb-1 text-xs font-semibold uppercase opacity-70" aria-hidden="true">
              {g.label}
            </p>
            <ul role="group" aria-label={g.label}>
              {g.items.map((s) => {
                index++;
                const i = index;
                return (
                  <li
                    key={s.id}
                    id={optionId(listId, i)}
                    role="option"
                    aria-selected={i === active}
                    className={`px-3 py-2 min-h-11 rounded cursor-pointer flex flex-col ${i === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      onPick(s);
                    }}
                  >
                    <span className="font-medium leading-snug">{s.label}</span>
                    <span className="text-xs opacity-80">{s.detail}</span>
                  </li>
                );
              })}
            </ul>
          </li>
        ) : null,
      )}
    </ul>
  );
}
