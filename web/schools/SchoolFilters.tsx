// The schools list's filter selects, a later() part of web/schools/SchoolsPage.tsx (a chunk of its
// own with the lists they show): the server renders them, and their markup is kept until this chunk
// has arrived. They read and write the URL themselves, so the page passes them nothing and a change
// of the page's state does not reach them while they wait. A select changed meanwhile is acted on
// once they have hydrated (web/lib/later.tsx); sent without the script, the form is a GET of /schools.
import { BOROUGHS } from '../../core/boroughs';
import { EDUCATION_LEVELS, SCHOOL_TYPES } from '../../core/filter-lists';
import { FilterSelect } from '../components/FilterSelect';
import { FiltersPanel } from '../components/FiltersPanel';
import { useUrlFilters } from '../components/use-url-filters';
import { SCHOOL_FILTER_KEYS } from './filters';

type SchoolFilterKey = (typeof SCHOOL_FILTER_KEYS)[number];

/** The filter selects, in their order on the screen. */
const SCHOOL_FILTERS: { id: Exclude<SchoolFilterKey, 'search' | 'exact'>; label: string; options: readonly string[]; allLabel: string }[] =
  [
    { id: 'borough', label: 'Borough', options: BOROUGHS, allLabel: 'All boroughs' },
    { id: 'educationLevel', label: 'Level', options: EDUCATION_LEVELS, allLabel: 'All levels' },
    { id: 'type', label: 'School type', options: SCHOOL_TYPES, allLabel: 'All school types' },
  ];

export function SchoolFilters() {
  const { values, set } = useUrlFilters(SCHOOL_FILTER_KEYS);
  return (
    <FiltersPanel
      className="sm:grid-cols-3"
      activeCount={SCHOOL_FILTER_KEYS.filter((k) => k !== 'search' && k !== 'exact' && values[k]).length}
    >
      {SCHOOL_FILTERS.map((f) => (
        <FilterSelect key={f.id} {...f} value={values[f.id]} onChange={(v) => set({ [f.id]: v })} />
      ))}
    </FiltersPanel>
  );
}
