import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { usePageMeta, type PageMeta } from './page-meta';
import { PageSkeleton, ScreenReady } from './PageSkeleton';

// Home and the Layout are in the main chunk; every other screen is its own chunk, fetched when
// first visited (the service worker precaches every chunk, so all screens still open offline).
// While a chunk loads, the page keeps its header and footer and shows a skeleton in <main>;
// on client navigation React keeps the previous screen up until the next one is ready
// (react-router updates inside startTransition). See docs/decisions/0601-route-code-splitting.md.
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const HomePage = screen(
  () => import('../home/HomePage'),
  (m) => m.HomePage,
);
const JobsPage = screen(
  () => import('../jobs/JobsPage'),
  (m) => m.JobsPage,
);
const JobDetailPage = screen(
  () => import('../job-detail/JobDetailPage'),
  (m) => m.JobDetailPage,
);
const SchoolsPage = screen(
  () => import('../schools/SchoolsPage'),
  (m) => m.SchoolsPage,
);
const SchoolDetailPage = screen(
  () => import('../school-detail/SchoolDetailPage'),
  (m) => m.SchoolDetailPage,
);
const SchoolJobsPage = screen(
  () => import('../school-jobs/SchoolJobsPage'),
  (m) => m.SchoolJobsPage,
);
const SchoolJobFormPage = screen(
  () => import('../school-jobs/SchoolJobFormPage'),
  (m) => m.SchoolJobFormPage,
);
const SchoolPageEditor = screen(
  () => import('../school-page/SchoolPageEditor'),
  (m) => m.SchoolPageEditor,
);
const ComparePage = screen(
  () => import('../compare/ComparePage'),
  (m) => m.ComparePage,
);
const SalariesPage = screen(
  () => import('../salaries/SalariesPage'),
  (m) => m.SalariesPage,
);
const PayScalesPage = screen(
  () => import('../pay-scales/PayScalesPage'),
  (m) => m.PayScalesPage,
);
const ForumPage = screen(
  () => import('../forum/ForumPage'),
  (m) => m.ForumPage,
);
const ThreadPage = screen(
  () => import('../thread/ThreadPage'),
  (m) => m.ThreadPage,
);
const ModerationPage = screen(
  () => import('../moderation/ModerationPage'),
  (m) => m.ModerationPage,
);
const CareerAdvicePage = screen(
  () => import('../static-pages/CareerAdvicePage'),
  (m) => m.CareerAdvicePage,
);
const PrivacyPolicyPage = screen(
  () => import('../static-pages/PrivacyPolicyPage'),
  (m) => m.PrivacyPolicyPage,
);
const AboutUsPage = screen(
  () => import('../static-pages/AboutUsPage'),
  (m) => m.AboutUsPage,
);
const DashboardPage = screen(
  () => import('../dashboard/DashboardPage'),
  (m) => m.DashboardPage,
);
const NotificationsPage = screen(
  () => import('../notifications/NotificationsPage'),
  (m) => m.NotificationsPage,
);
const UnsubscribePage = screen(
  () => import('../unsubscribe/UnsubscribePage'),
  (m) => m.UnsubscribePage,
);
const SchoolClaimPage = screen(
  () => import('../school-claim/SchoolClaimPage'),
  (m) => m.SchoolClaimPage,
);
const SchoolLinkPage = screen(
  () => import('../school-link/SchoolLinkPage'),
  (m) => m.SchoolLinkPage,
);
const SchoolAdminPage = screen(
  () => import('../school-admin/SchoolAdminPage'),
  (m) => m.SchoolAdminPage,
);
const NotFoundPage = screen(
  () => import('../not-found/NotFoundPage'),
  (m) => m.NotFoundPage,
);

function lazyElement(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Screen />
      <ScreenReady />
    </Suspense>
  );
}

// handle.module: the screen's source module (relative to web/), which the server renderer looks up
// in Vite's build manifest to preload the screen's chunk with the page (api/ssr.ts).
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        handle: {
          description:
            'Teaching jobs, school profiles with Ofsted grades and anonymous teacher reviews, salaries, pay scales and a forum for teachers in London.',
          module: 'home/HomePage.tsx',
        },
        element: lazyElement(HomePage),
      },
      {
        path: '/jobs',
        handle: {
          title: 'Teaching Jobs in London',
          description:
            'Teaching jobs in London posted within the last month: search by title, subject or school and filter by borough, level, subject, key stage and contract.',
          module: 'jobs/JobsPage.tsx',
          filters: ['search', 'borough', 'educationLevel', 'subject', 'keyStage', 'contractType', 'schoolType', 'exact', 'sort'],
        },
        element: lazyElement(JobsPage),
      },
      {
        path: '/jobs/:id',
        handle: {
          title: 'Job',
          description: 'A London teaching job: school, salary range, contract, key stage, requirements and how to apply.',
          module: 'job-detail/JobDetailPage.tsx',
        },
        element: lazyElement(JobDetailPage),
      },
      {
        path: '/schools',
        handle: {
          title: 'London Schools',
          description:
            'Every London school with its Ofsted grade and anonymous teacher reviews: search and filter by borough, phase and type.',
          module: 'schools/SchoolsPage.tsx',
          filters: ['search', 'borough', 'educationLevel', 'type', 'exact'],
        },
        element: lazyElement(SchoolsPage),
      },
      {
        path: '/schools/:id',
        handle: {
          title: 'School',
          description:
            "A London school's profile: Ofsted grade, anonymous teacher reviews and ratings, interview experiences and staff mood.",
          module: 'school-detail/SchoolDetailPage.tsx',
        },
        element: lazyElement(SchoolDetailPage),
      },
      {
        path: '/edit-school/:id',
        handle: { title: 'Edit the school page', module: 'school-page/SchoolPageEditor.tsx' },
        element: lazyElement(SchoolPageEditor),
      },
      // A school's own jobs, for its verified staff (noindex: /manage/schools/ is out of robots.txt).
      {
        path: '/manage/schools/:id/jobs',
        handle: { title: "The school's jobs", module: 'school-jobs/SchoolJobsPage.tsx' },
        element: lazyElement(SchoolJobsPage),
      },
      {
        path: '/manage/schools/:id/jobs/new',
        handle: { title: 'Post a job', module: 'school-jobs/SchoolJobFormPage.tsx' },
        element: lazyElement(SchoolJobFormPage),
      },
      {
        path: '/manage/schools/:id/jobs/:jobId/edit',
        handle: { title: 'Edit the job', module: 'school-jobs/SchoolJobFormPage.tsx' },
        element: lazyElement(SchoolJobFormPage),
      },
      {
        path: '/schools/:id/claim',
        handle: { title: 'Manage this page', module: 'school-claim/SchoolClaimPage.tsx' },
        element: lazyElement(SchoolClaimPage),
      },
      {
        path: '/school-link',
        handle: { title: 'School email link', module: 'school-link/SchoolLinkPage.tsx' },
        element: lazyElement(SchoolLinkPage),
      },
      {
        path: '/school-admin',
        handle: { title: 'School dashboard', module: 'school-admin/SchoolAdminPage.tsx' },
        element: lazyElement(SchoolAdminPage),
      },
      {
        path: '/compare',
        handle: {
          title: 'Compare Schools',
          description: 'Compare London schools side by side: Ofsted grades, teacher ratings and reviews.',
          module: 'compare/ComparePage.tsx',
        },
        element: lazyElement(ComparePage),
      },
      {
        path: '/salaries',
        handle: {
          title: 'Salaries',
          description: 'What London teachers earn: average salaries by role and experience, and anonymous recent submissions.',
          module: 'salaries/SalariesPage.tsx',
        },
        element: lazyElement(SalariesPage),
      },
      {
        path: '/pay-scales',
        handle: {
          title: 'Teacher Pay Scales',
          description: 'Teacher pay scales for Inner London, Outer London, the London Fringe and the rest of England, with allowances.',
          module: 'pay-scales/PayScalesPage.tsx',
          filters: ['region', 'paySpine', 'year', 'tab'],
        },
        element: lazyElement(PayScalesPage),
      },
      {
        path: '/forum',
        handle: {
          title: 'Forum',
          description: 'Discussions for London teachers: careers, schools, workload, pay and more.',
          module: 'forum/ForumPage.tsx',
          filters: ['category', 'search'],
        },
        element: lazyElement(ForumPage),
      },
      {
        path: '/forum/threads/:id',
        handle: { title: 'Discussion', description: 'A discussion in the Teachers In London Talk forum.', module: 'thread/ThreadPage.tsx' },
        element: lazyElement(ThreadPage),
      },
      {
        path: '/moderation',
        handle: { title: 'Moderation', module: 'moderation/ModerationPage.tsx' },
        element: lazyElement(ModerationPage),
      },
      {
        path: '/career-advice',
        handle: {
          title: 'Career Advice',
          description: 'Career advice for teachers in London: applications, interviews, progression and pay.',
          module: 'static-pages/CareerAdvicePage.tsx',
        },
        element: lazyElement(CareerAdvicePage),
      },
      {
        path: '/privacy-policy',
        handle: {
          title: 'Privacy Policy',
          description: 'How Teachers In London Talk handles your data: what is stored, why, and your rights.',
          module: 'static-pages/PrivacyPolicyPage.tsx',
        },
        element: lazyElement(PrivacyPolicyPage),
      },
      {
        path: '/about-us',
        handle: {
          title: 'About Us',
          description: "About Teachers In London Talk, an independent community for London's teachers.",
          module: 'static-pages/AboutUsPage.tsx',
        },
        element: lazyElement(AboutUsPage),
      },
      // Signed-in only: a visitor is sent to /api/login?returnTo=/dashboard (DashboardPage).
      { path: '/dashboard', handle: { title: 'Dashboard', module: 'dashboard/DashboardPage.tsx' }, element: lazyElement(DashboardPage) },
      // Signed-in only, like the dashboard; read offline from her own saved copy (decision 2010).
      {
        path: '/notifications',
        handle: { title: 'Notifications', module: 'notifications/NotificationsPage.tsx' },
        element: lazyElement(NotificationsPage),
      },
      {
        path: '/unsubscribe/:token',
        handle: { title: 'Job alert emails', module: 'unsubscribe/UnsubscribePage.tsx' },
        element: lazyElement(UnsubscribePage),
      },
      { path: '*', handle: { title: 'Page not found', module: 'not-found/NotFoundPage.tsx' }, element: lazyElement(NotFoundPage) },
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

type Leaf = { handle?: RouteHandle; params: Params; path?: string };
/** Leaves already matched, by path: matchRoutes flattens and ranks the whole route table on every call. */
const leaves = new Map<string, Leaf>();

/** The leaf route a path matches (the catch-all `*` when no other does). */
export function matchLeaf(pathname: string): Leaf {
  let found = leaves.get(pathname);
  if (!found) {
    const leaf = matchRoutes(routes, pathname)?.at(-1);
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
