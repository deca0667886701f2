import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes, type Params, type RouteMatch, type RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { usePageMeta, type PageMeta } from './page-meta';
import { ChunkBoundary } from '../lib/chunk-boundary';
import { PageSkeleton, ScreenReady, ScreenUnavailable } from './PageSkeleton';

// Home and the Layout are in the main chunk; every other screen is its own chunk, fetched when
// first visited (the service worker precaches every chunk, so all screens still open offline).
// While a chunk loads, the page keeps its header and footer and shows a skeleton in <main>;
// on client navigation React keeps the previous screen up until the next one is ready
// (react-router updates inside startTransition). See docs/decisions/0601-route-code-splitting.md.
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

const HomePage = screen(() => import('../home/HomePage'), 'HomePage');
const JobsPage = screen(() => import('../jobs/JobsPage'), 'JobsPage');
const JobDetailPage = screen(() => import('../job-detail/JobDetailPage'), 'JobDetailPage');
const SchoolsPage = screen(() => import('../schools/SchoolsPage'), 'SchoolsPage');
const SchoolDetailPage = screen(() => import('../school-detail/SchoolDetailPage'), 'SchoolDetailPage');
const SchoolJobsPage = screen(() => import('../school-jobs/SchoolJobsPage'), 'SchoolJobsPage');
const SchoolJobFormPage = screen(() => import('../school-jobs/SchoolJobFormPage'), 'SchoolJobFormPage');
const SchoolPageEditor = screen(() => import('../school-page/SchoolPageEditor'), 'SchoolPageEditor');
const ComparePage = screen(() => import('../compare/ComparePage'), 'ComparePage');
const SalariesPage = screen(() => import('../salaries/SalariesPage'), 'SalariesPage');
const PayScalesPage = screen(() => import('../pay-scales/PayScalesPage'), 'PayScalesPage');
const TakeHomePage = screen(() => import('../take-home/TakeHomePage'), 'TakeHomePage');
const ForumPage = screen(() => import('../forum/ForumPage'), 'ForumPage');
const ThreadPage = screen(() => import('../thread/ThreadPage'), 'ThreadPage');
const ModerationPage = screen(() => import('../moderation/ModerationPage'), 'ModerationPage');
const CareerAdvicePage = screen(() => import('../static-pages/CareerAdvicePage'), 'CareerAdvicePage');
const PrivacyPolicyPage = screen(() => import('../static-pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const AboutUsPage = screen(() => import('../static-pages/AboutUsPage'), 'AboutUsPage');
const DashboardPage = screen(() => import('../dashboard/DashboardPage'), 'DashboardPage');
const NotificationsPage = screen(() => import('../notifications/NotificationsPage'), 'NotificationsPage');
const UnsubscribePage = screen(() => import('../unsubscribe/UnsubscribePage'), 'UnsubscribePage');
const SchoolClaimPage = screen(() => import('../school-claim/SchoolClaimPage'), 'SchoolClaimPage');
const SchoolLinkPage = screen(() => import('../school-link/SchoolLinkPage'), 'SchoolLinkPage');
const SchoolAdminPage = screen(() => import('../school-admin/SchoolAdminPage'), 'SchoolAdminPage');
const NotFoundPage = screen(() => import('../not-found/NotFoundPage'), 'NotFoundPage');

/** A screen's route: its path, its handle (page meta, source module, filters) and its lazy screen under a skeleton. */
function page(path: string, Screen: LazyExoticComponent<ComponentType>, handle: RouteHandle): RouteObject {
  return {
    path,
    handle,
    element: (
      <ChunkBoundary fallback={() => <ScreenUnavailable />}>
        {() => (
          <Suspense fallback={<PageSkeleton />}>
            <Screen />
            <ScreenReady />
          </Suspense>
        )}
      </ChunkBoundary>
    ),
  };
}

// handle.module: the screen's source module (relative to web/), which the server renderer looks up
// in Vite's build manifest to preload the screen's chunk with the page (api/ssr.ts).
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      page('/', HomePage, {
        description:
          'Teaching jobs, school profiles with Ofsted grades and anonymous teacher reviews, salaries, pay scales and a forum for teachers in London.',
        module: 'home/HomePage.tsx',
      }),
      page('/jobs', JobsPage, {
        title: 'Teaching Jobs in London',
        description:
          'Teaching jobs in London posted within the last month: search by title, subject or school and filter by borough, level, subject, key stage and contract.',
        module: 'jobs/JobsPage.tsx',
        filters: ['search', 'borough', 'educationLevel', 'subject', 'keyStage', 'contractType', 'schoolType', 'exact', 'sort'],
      }),
      page('/jobs/:id', JobDetailPage, {
        title: 'Job',
        description: 'A London teaching job: school, salary range, contract, key stage, requirements and how to apply.',
        module: 'job-detail/JobDetailPage.tsx',
      }),
      page('/schools', SchoolsPage, {
        title: 'London Schools',
        description:
          'Every London school with its Ofsted grade and anonymous teacher reviews: search and filter by borough, phase and type.',
        module: 'schools/SchoolsPage.tsx',
        filters: ['search', 'borough', 'educationLevel', 'type', 'exact'],
      }),
      page('/schools/:id', SchoolDetailPage, {
        title: 'School',
        description:
          "A London school's profile: Ofsted grade, anonymous teacher reviews and ratings, interview experiences and staff mood.",
        module: 'school-detail/SchoolDetailPage.tsx',
      }),
      page('/edit-school/:id', SchoolPageEditor, { title: 'Edit the school page', module: 'school-page/SchoolPageEditor.tsx' }),
      // A school's own jobs, for its verified staff (noindex: /manage/schools/ is out of robots.txt).
      page('/manage/schools/:id/jobs', SchoolJobsPage, { title: "The school's jobs", module: 'school-jobs/SchoolJobsPage.tsx' }),
      page('/manage/schools/:id/jobs/new', SchoolJobFormPage, { title: 'Post a job', module: 'school-jobs/SchoolJobFormPage.tsx' }),
      page('/manage/schools/:id/jobs/:jobId/edit', SchoolJobFormPage, {
        title: 'Edit the job',
        module: 'school-jobs/SchoolJobFormPage.tsx',
      }),
      page('/schools/:id/claim', SchoolClaimPage, { title: 'Manage this page', module: 'school-claim/SchoolClaimPage.tsx' }),
      page('/school-link', SchoolLinkPage, { title: 'School email link', module: 'school-link/SchoolLinkPage.tsx' }),
      page('/school-admin', SchoolAdminPage, { title: 'School dashboard', module: 'school-admin/SchoolAdminPage.tsx' }),
      page('/compare', ComparePage, {
        title: 'Compare Schools',
        description: 'Compare London schools side by side: Ofsted grades, teacher ratings and reviews.',
        module: 'compare/ComparePage.tsx',
        // The chosen schools (decision 0310): /compare?schools=12,7,30 is rendered and kept as its own page;
        // a school page's Compare before its part hydrated comes as ?add=12, rendered with that school.
        filters: ['schools', 'add'],
      }),
      page('/salaries', SalariesPage, {
        title: 'Salaries',
        description:
          'What London teachers earn: median, middle half and average salaries by role, pay area, phase, borough and experience, beside the pay scales.',
        module: 'salaries/SalariesPage.tsx',
        filters: ['area', 'phase', 'borough', 'experience'],
      }),
      page('/pay-scales', PayScalesPage, {
        title: 'Teacher Pay Scales',
        description: 'Teacher pay scales for Inner London, Outer London, the London Fringe and the rest of England, with allowances.',
        module: 'pay-scales/PayScalesPage.tsx',
        filters: ['region', 'paySpine', 'year', 'tab'],
      }),
      page('/pay-scales/take-home', TakeHomePage, {
        title: 'Take-home Pay Calculator',
        description:
          "A London teacher's take-home pay: pension tier, income tax, National Insurance and student loans from any pay point or salary, a month and a year.",
        module: 'take-home/TakeHomePage.tsx',
        filters: ['by', 'region', 'paySpine', 'point', 'salary', 'allowances', 'month'],
      }),
      page('/forum', ForumPage, {
        title: 'Forum',
        description: 'Discussions for London teachers: careers, schools, workload, pay and more.',
        module: 'forum/ForumPage.tsx',
        filters: ['category', 'search'],
      }),
      page('/forum/threads/:id', ThreadPage, {
        title: 'Discussion',
        description: 'A discussion in the Teachers In London Talk forum.',
        module: 'thread/ThreadPage.tsx',
      }),
      page('/moderation', ModerationPage, { title: 'Moderation', module: 'moderation/ModerationPage.tsx' }),
      page('/career-advice', CareerAdvicePage, {
        title: 'Career Advice',
        description: 'Career advice for teachers in London: applications, interviews, progression and pay.',
        module: 'static-pages/CareerAdvicePage.tsx',
      }),
      page('/privacy-policy', PrivacyPolicyPage, {
        title: 'Privacy Policy',
        description: 'How Teachers In London Talk handles your data: what is stored, why, and your rights.',
        module: 'static-pages/PrivacyPolicyPage.tsx',
      }),
      page('/about-us', AboutUsPage, {
        title: 'About Us',
        description: "About Teachers In London Talk, an independent community for London's teachers.",
        module: 'static-pages/AboutUsPage.tsx',
      }),
      // Signed-in only: a visitor is sent to /api/login?returnTo=/dashboard (DashboardPage).
      page('/dashboard', DashboardPage, { title: 'Dashboard', module: 'dashboard/DashboardPage.tsx' }),
      // Signed-in only, like the dashboard; read offline from her own saved copy (decision 2010).
      page('/notifications', NotificationsPage, { title: 'Notifications', module: 'notifications/NotificationsPage.tsx' }),
      page('/unsubscribe/:token', UnsubscribePage, { title: 'Job alert emails', module: 'unsubscribe/UnsubscribePage.tsx' }),
      page('*', NotFoundPage, { title: 'Page not found', module: 'not-found/NotFoundPage.tsx' }),
    ],
  },
];

/**
 * A route's handle: its page meta and, for a lazy screen, its source module; `filters`: the query
 * parameters the screen reads (useUrlFilters), the only ones a server-rendered page may be cached
 * by (pageKey below; decision 1056).
 */
export type RouteHandle = PageMeta & { module?: string; filters?: readonly string[] };

/** The longest filter value a cached page is kept for (a search longer than this is rendered every time). */
const MAX_FILTER_LENGTH = 100;

/**
 * The key a server-rendered page is cached by, which is also the address it is rendered at: the
 * path with only the screen's own filters, each once and non-empty, sorted by name. Null when the
 * page must not be cached: the catch-all (not found), a path parameter that is not a plain id, a
 * query parameter the screen does not read (a random query string never makes a new key), a
 * repeated or over-long filter.
 */
export function pageKey(url: string): string | null {
  const { pathname, searchParams } = new URL(url, 'http://page.local');
  const leaf = matchLeaf(pathname);
  if (!leaf.path || leaf.path === '*') return null;
  if (Object.values(leaf.params).some((v) => !/^[1-9]\d{0,9}$/.test(v ?? ''))) return null;
  const allowed = leaf.handle?.filters ?? [];
  const kept: [string, string][] = [];
  const names = [...searchParams.keys()];
  for (const name of new Set(names)) {
    if (!allowed.includes(name)) return null;
    const values = searchParams.getAll(name);
    if (values.length > 1 || values[0].length > MAX_FILTER_LENGTH) return null;
    if (values[0] !== '') kept.push([name, values[0]]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * How a path's route chain is found: matchRoutes over the whole table here (the browser matches few
 * paths, each once: matchLeaf keeps them); the server renderer, which meets every id, matches by
 * branch (route-branches.ts), kept off the browser's first load.
 */
let matchChain = (pathname: string): RouteMatch[] | null => matchRoutes(routes, pathname);
/** Matches paths with `matcher` from now on (the server renderer's branch matching). */
export function matchRoutesWith(matcher: (pathname: string) => RouteMatch[] | null) {
  matchChain = matcher;
  leaves.clear();
}

type Leaf = { handle?: RouteHandle; params: Params; path?: string };
/** Leaves already matched, by path: matchRoutes flattens and ranks the whole route table on every call. */
const leaves = new Map<string, Leaf>();

/** The leaf route a path matches (the catch-all `*` when no other does). */
export function matchLeaf(pathname: string): Leaf {
  let found = leaves.get(pathname);
  if (!found) {
    const leaf = matchChain(pathname)?.at(-1);
    found = { handle: leaf?.route.handle as RouteHandle | undefined, params: leaf?.params ?? {}, path: leaf?.route.path };
    // Bounded: a crawl or random addresses never grow it past a few hundred entries.
    if (leaves.size >= 500) leaves.clear();
    leaves.set(pathname, found);
  }
  return found;
}

/**
 * The app's screens for the current location, under any router (the browser's, or the server
 * renderer's static one): declarative routing, not a data router (no loaders here; the data
 * comes through SWR), which keeps ~17 kB gzip of react-router out of the first load. Also
 * names the page (title, description) on each navigation.
 */
export function AppRoutes() {
  const location = useLocation();
  usePageMeta(matchLeaf(location.pathname).handle, location.pathname);
  return useRoutes(routes, location);
}
