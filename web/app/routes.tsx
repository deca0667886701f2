import type { RouteObject } from 'react-router-dom';
import { ComparePage } from '../compare/ComparePage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { ForumPage } from '../forum/ForumPage';
import { HomePage } from '../home/HomePage';
import { JobDetailPage } from '../job-detail/JobDetailPage';
import { JobsPage } from '../jobs/JobsPage';
import { PayScalesPage } from '../pay-scales/PayScalesPage';
import { SalariesPage } from '../salaries/SalariesPage';
import { SchoolDetailPage } from '../school-detail/SchoolDetailPage';
import { SchoolsPage } from '../schools/SchoolsPage';
import { ModerationPage } from '../moderation/ModerationPage';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { AboutUsPage } from '../static-pages/AboutUsPage';
import { ThreadPage } from '../thread/ThreadPage';
import { CareerAdvicePage } from '../static-pages/CareerAdvicePage';
import { PrivacyPolicyPage } from '../static-pages/PrivacyPolicyPage';
import { Layout } from './Layout';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/jobs', element: <JobsPage /> },
      { path: '/jobs/:id', element: <JobDetailPage /> },
      { path: '/schools', element: <SchoolsPage /> },
      { path: '/schools/:id', element: <SchoolDetailPage /> },
      { path: '/compare', element: <ComparePage /> },
      { path: '/salaries', element: <SalariesPage /> },
      { path: '/pay-scales', element: <PayScalesPage /> },
      { path: '/forum', element: <ForumPage /> },
      { path: '/forum/threads/:id', element: <ThreadPage /> },
      { path: '/moderation', element: <ModerationPage /> },
      { path: '/career-advice', element: <CareerAdvicePage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/about-us', element: <AboutUsPage /> },
      // Signed-in only: a visitor is sent to /api/login?returnTo=/dashboard (DashboardPage).
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
