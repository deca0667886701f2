import type { RouteObject } from 'react-router-dom';
import { ComingSoonPage } from '../coming-soon/ComingSoonPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { HomePage } from '../home/HomePage';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { AboutUsPage } from '../static-pages/AboutUsPage';
import { CareerAdvicePage } from '../static-pages/CareerAdvicePage';
import { PrivacyPolicyPage } from '../static-pages/PrivacyPolicyPage';
import { Layout } from './Layout';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/jobs', element: <ComingSoonPage title="Teaching Jobs in London" /> },
      { path: '/jobs/:id', element: <ComingSoonPage title="Job details" /> },
      { path: '/schools', element: <ComingSoonPage title="Schools" /> },
      { path: '/schools/:id', element: <ComingSoonPage title="School profile" /> },
      { path: '/compare', element: <ComingSoonPage title="Compare" /> },
      { path: '/salaries', element: <ComingSoonPage title="Salaries" /> },
      { path: '/pay-scales', element: <ComingSoonPage title="Pay Scales" /> },
      { path: '/forum', element: <ComingSoonPage title="Forum" /> },
      { path: '/forum/threads/:id', element: <ComingSoonPage title="Discussion" /> },
      { path: '/career-advice', element: <CareerAdvicePage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/about-us', element: <AboutUsPage /> },
      // Signed-in only: a visitor is sent to /api/login?returnTo=/dashboard (DashboardPage).
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
