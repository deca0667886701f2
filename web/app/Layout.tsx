import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BottomNav, Header } from '../features/account/Header';
import { later } from '../lib/later';

// The toasts' host (and the dialogs' stack it reads) loads after the first render.
const Toaster = later(() => import('../components/toast/Toaster').then((m) => m.Toaster));
// So do the footer, the offline banner, the update prompt and the outbox's listener (one chunk).
const parts = () => import('./layout-later');
const Footer = later(() => parts().then((m) => m.Footer));
const OfflineBanner = later(() => parts().then((m) => m.OfflineBanner));
const UpdatePrompt = later(() => parts().then((m) => m.UpdatePrompt));
const OutboxSync = later(() => parts().then((m) => m.OutboxSync));

/** Every page: skip link, header, the screen, footer, and the phone's bottom navigation. */
export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="min-h-dvh flex flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 btn btn-sm">
        Skip to content
      </a>
      <Header />
      <OfflineBanner />
      {/* At least a screen tall, so the footer starts below the fold and does not jump down
          when a screen's data arrives (Lighthouse CLS on /schools/{id} was 0.32). */}
      <main id="main" className="flex-1 min-h-dvh" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BottomNav />
      <UpdatePrompt />
      <Toaster />
      <OutboxSync />
    </div>
  );
}
