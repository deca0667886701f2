// The home page's search (spec §4): the What box with its suggestions, the Where borough, and
// what the What box finds as you type, in three groups. A chunk of its own (a later() part of
// web/home/HomePage.tsx): the server renders the form, and until this chunk has arrived and
// hydrated the form is the server's markup, a plain GET of /jobs (search=, borough=; the jobs page
// reads borough=all as no filter). What was typed or chosen meanwhile stays in the fields (React
// keeps a field's value when it hydrates) and is taken into the state once this part has hydrated.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BOROUGHS } from '../../core/boroughs';
import { Icon } from '../components/Icon';
import { SearchCombobox, useSuggestions } from '../features/search/SearchCombobox';
import { useDebouncedValue } from '../components/use-url-filters';
import { useSchoolsWithTotal } from '../data/hooks';
import { useForumThreadPages, useJobPages } from '../data/page-hooks';
import { formatNumber } from '../lib/format';

export function HomeSearch() {
  const navigate = useNavigate();
  const [what, setWhat] = useState('');
  const [where, setWhere] = useState('all');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Typed or chosen before this part hydrated (the server's form was already on screen).
    const fields = form.current?.elements;
    const typed = (fields?.namedItem('search') as HTMLInputElement | null)?.value ?? '';
    const chosen = (fields?.namedItem('borough') as HTMLSelectElement | null)?.value ?? 'all';
    if (typed) setWhat(typed);
    if (chosen !== 'all') setWhere(chosen);
  }, []);
  const suggestions = useSuggestions(what, { borough: where === 'all' ? undefined : where });
  function submit(e: SubmitEvent) {
    e.preventDefault();
    const params = new URLSearchParams();
    if (what.trim()) params.set('search', what.trim());
    if (where !== 'all') params.set('borough', where);
    const qs = params.toString();
    void navigate(`/jobs${qs ? `?${qs}` : ''}`);
  }
  return (
    <>
      <form
        ref={form}
        action="/jobs"
        onSubmit={submit}
        className="mt-8 grid gap-3 sm:grid-cols-[2fr_1fr_auto] bg-base-100 text-base-content p-3 rounded-box shadow-lg"
        role="search"
        aria-label="Search jobs"
      >
        <SearchCombobox
          id="home-what"
          label={<span className="label">What</span>}
          value={what}
          onChange={setWhat}
          placeholder="Job title, subject or school"
          name="search"
          groups={[
            { label: 'Schools', items: suggestions.schools },
            { label: 'Jobs', items: suggestions.jobs },
          ]}
        />
        <label className="select w-full">
          <span className="label">Where</span>
          <select value={where} onChange={(e) => setWhere(e.target.value)} name="borough">
            <option value="all">All London Boroughs</option>
            {BOROUGHS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-secondary">
          <Icon name="search" />
          Search Jobs
        </button>
      </form>
      <SearchGroups what={what} where={where} />
    </>
  );
}

/** How many of each kind the home search shows before its "See all" link. */
const HOME_SEARCH_GROUP = 3;

function Group({
  id,
  title,
  total,
  capped,
  allHref,
  allLabel,
  children,
  empty,
}: {
  id: string;
  title: string;
  total: number | undefined;
  capped?: boolean;
  allHref: string;
  allLabel: string;
  children: React.ReactNode;
  empty: boolean;
}) {
  return (
    <section aria-labelledby={`home-${id}-heading`} data-testid={`home-search-${id}`} className="min-w-0">
      <h3 id={`home-${id}-heading`} className="font-semibold">
        {title}
        {total !== undefined && ' '}
        {total !== undefined && (
          <span className="text-sm font-normal opacity-70">
            ({formatNumber(total)}
            {capped ? '+' : ''})
          </span>
        )}
      </h3>
      {total === undefined ? (
        <div className="skeleton h-10 w-full mt-2" role="status" aria-label={`Loading ${title.toLowerCase()}`} />
      ) : empty ? (
        <p className="text-sm opacity-70 mt-1">No {title.toLowerCase()} match.</p>
      ) : (
        <>
          <ul className="mt-1">{children}</ul>
          <Link to={allHref} className="link link-primary text-sm tap" data-testid={`home-search-${id}-all`}>
            {allLabel}
          </Link>
        </>
      )}
    </section>
  );
}

/** One thing found: its title and a line about it, linked to its page. */
function Found({ to, title, detail }: { to: string; title: string; detail: string }) {
  return (
    <li className="border-b border-base-300 last:border-0">
      <Link to={to} className="flex flex-col py-2 min-h-11 hover:bg-base-200 rounded">
        <span className="font-medium">{title}</span>
        <span className="text-sm opacity-80">{detail}</span>
      </Link>
    </li>
  );
}

/**
 * The phone on the commute: what the What box finds, as you type, in three groups (jobs first), each with a link to
 * its full list. The form's Search Jobs button still goes to /jobs (spec §4).
 */
function SearchGroups({ what, where }: { what: string; where: string }) {
  const text = useDebouncedValue(what.trim());
  const searching = /[\p{L}\p{N}]/u.test(text);
  const borough = where === 'all' ? undefined : where;
  const jobs = useJobPages({ search: text, borough, limit: String(HOME_SEARCH_GROUP) }, searching);
  const schools = useSchoolsWithTotal({ search: text, borough, limit: String(HOME_SEARCH_GROUP) }, searching);
  const threads = useForumThreadPages(undefined, text, String(HOME_SEARCH_GROUP), searching);
  if (!searching) return null;
  const q = (extra: Record<string, string | undefined>) => {
    const p = new URLSearchParams({ search: text });
    for (const [k, v] of Object.entries(extra)) if (v) p.set(k, v);
    return p.toString();
  };
  return (
    <section
      aria-labelledby="home-results-heading"
      className="mt-3 bg-base-100 text-base-content p-4 rounded-box shadow-lg"
      data-testid="home-search"
    >
      <h2 id="home-results-heading" className="text-lg font-bold">
        Results for “{text}”
      </h2>
      <div className="grid gap-4 md:grid-cols-3 mt-2">
        <Group
          id="jobs"
          title="Jobs"
          total={jobs.rows ? jobs.total : undefined}
          capped={jobs.capped}
          allHref={`/jobs?${q({ borough })}`}
          allLabel="See all jobs →"
          empty={!jobs.rows?.length}
        >
          {jobs.rows?.slice(0, HOME_SEARCH_GROUP).map((j) => (
            <Found
              key={j.id}
              to={`/jobs/${j.id}`}
              title={j.title}
              detail={[j.school?.name ?? j.employerName, j.borough].filter(Boolean).join(' · ')}
            />
          ))}
        </Group>
        <Group
          id="schools"
          title="Schools"
          total={schools.data?.total}
          allHref={`/schools?${q({ borough })}`}
          allLabel="See all schools →"
          empty={!schools.data?.rows.length}
        >
          {schools.data?.rows.slice(0, HOME_SEARCH_GROUP).map((s) => (
            <Found key={s.id} to={`/schools/${s.id}`} title={s.name} detail={s.borough} />
          ))}
        </Group>
        <Group
          id="forum"
          title="Forum threads"
          total={threads.rows ? threads.total : undefined}
          allHref={`/forum?${q({})}`}
          allLabel="See all threads →"
          empty={!threads.rows?.length}
        >
          {threads.rows?.slice(0, HOME_SEARCH_GROUP).map((t) => (
            <Found key={t.id} to={`/forum/threads/${t.id}`} title={t.title} detail={t.category.name} />
          ))}
        </Group>
      </div>
    </section>
  );
}
