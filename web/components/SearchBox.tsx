import type { ReactNode } from 'react';
import { Icon } from './Icon';
import type { DebouncedSearch } from './use-url-filters';

/**
 * A list's search field with its submit button: the form works before (or without) the script,
 * as a GET of the page's own URL with `search=` and the filters' names (valid markup: a form
 * of filters has a submit control). With the script, typing searches after a pause and the
 * button searches at once.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className="join w-full">
      <label className="input join-item w-full" htmlFor={id}>
        <Icon name="search" className="size-4 opacity-60" />
        <span className="sr-only">{label}</span>
        <input id={id} name="search" type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary join-item">
        Search
      </button>
    </div>
  );
}

/**
 * A list's search-and-filter form (role search): the search box, the list's filters, the near-me
 * control, then its status row (count, correction, actions). Submitting searches at once instead
 * of after the pause. The four parts are separate props, not one children list, so the form's
 * markup (and React's generated ids inside it) is what each list wrote before it was shared.
 */
export function SearchForm({
  label,
  search,
  box,
  filters,
  near,
  status,
}: {
  /** The form's accessible name, e.g. "Search and filter jobs". */
  label: string;
  search: DebouncedSearch;
  box: { id: string; label: string; placeholder: string };
  filters: ReactNode;
  near: ReactNode;
  status: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className="card bg-base-100 border border-base-300 mt-4"
      onSubmit={(e) => {
        e.preventDefault();
        search.flush();
      }}
    >
      <div className="card-body p-4 gap-3">
        <SearchBox {...box} value={search.text} onChange={search.setText} />
        {filters}
        {near}
        <div className="flex flex-wrap items-center justify-between gap-2">{status}</div>
      </div>
    </form>
  );
}
