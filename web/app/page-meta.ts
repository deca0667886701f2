// Each route's <title> and meta description (route `handle` in routes.tsx), applied on every
// navigation by AppRoutes (routes.tsx): shared links, history entries and search results name the page.
import { useEffect } from 'react';

export const SITE_NAME = 'Teachers In London Talk';
export const SITE_DESCRIPTION =
  'Teachers In London Talk: teaching jobs, school profiles, anonymous reviews and salaries, pay scales and a forum for teachers in London.';

export interface PageMeta {
  /** Page name, shown before the site name; none on the home page. */
  title?: string;
  description?: string;
}

export function pageTitle(meta: PageMeta | undefined): string {
  return meta?.title ? `${meta.title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * The page the server rendered already has its full head (the school's or job's own title, built
 * from its data by web/app/head.ts): kept until the first client navigation.
 */
let serverHeadFor: string | null = typeof document !== 'undefined' && document.getElementById('ssr-data') ? location.pathname : null;

/** Sets the document's title and description to the matched route's (`meta`) at `pathname`. */
export function usePageMeta(meta: PageMeta | undefined, pathname: string) {
  useEffect(() => {
    if (serverHeadFor !== null && serverHeadFor === pathname) return;
    serverHeadFor = null;
    document.title = pageTitle(meta);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta?.description ?? SITE_DESCRIPTION);
  }, [meta, pathname]);
}
