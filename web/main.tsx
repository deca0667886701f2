import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routes } from './app/routes';
import { warmOfflineCache } from './offline/warm';
import { registerServiceWorker } from './offline/register-sw';
import { startReplay } from './offline/replay';
import './styles.css';

const router = createBrowserRouter(routes);
registerServiceWorker();
startReplay();
warmOfflineCache();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>
  </StrictMode>,
);
