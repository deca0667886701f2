// The jobs list's filter selects, a later() part of web/jobs/JobsPage.tsx (a chunk of its own with
// the lists they show): the server renders them, and their markup is kept until this chunk has
// arrived. They read and write the URL themselves, so the page passes them nothing and a change of
// the page's state does not reach them while they wait. A select changed meanwhile is acted on
// once they have hydrated (web/lib/later.tsx); sent without the script, the form is a GET of /jobs.
import { BOROUGHS } from '../../core/boroughs';
import { CONTRACT_TYPES, EDUCATION_LEVELS, KEY_STAGES, SCHOOL_TYPES, SUBJECTS } from '../../core/filter-lists';
import { FilterSelect } from '../components/FilterSelect';
import { FiltersPanel } from '../components/FiltersPanel';
import { useUrlFilters } from '../components/use-url-filters';
import { JOB_FILTER_KEYS } from './filters';

type JobFilterKey = (typeof JOB_FILTER_KEYS)[number];

/** The filter selects, in their order on the screen. */
const JOB_FILTERS: { id: Exclude<JobFilterKey, 'search' | 'exact'>; label: string; options: readonly string[]; allLabel: string }[] = [
  { id: 'borough', label: 'Borough', options: BOROUGHS, allLabel: 'All boroughs' },
  { id: 'educationLevel', label: 'Level', options: EDUCATION_LEVELS, allLabel: 'All levels' },
  { id: 'subject', label: 'Subject', options: SUBJECTS, allLabel: 'All subjects' },
  { id: 'keyStage', label: 'Key stage', options: KEY_STAGES, allLabel: 'All key stages' },
  { id: 'contractType', label: 'Contract', options: CONTRACT_TYPES, allLabel: 'All contract types' },
  { id: 'schoolType', label: 'School type', options: SCHOOL_TYPES, allLabel: 'All school types' },
];

export function JobFilters() {
  const { values, set } = useUrlFilters(JOB_FILTER_KEYS);
  return (
    <FiltersPanel activeCount={JOB_FILTER_KEYS.filter((k) => k !== 'search' && k !== 'exact' && values[k]).length}>
      {JOB_FILTERS.map((f) => (
        <FilterSelect key={f.id} {...f} value={values[f.id]} onChange={(v) => set({ [f.id]: v })} />
      ))}
    </FiltersPanel>
  );
}
