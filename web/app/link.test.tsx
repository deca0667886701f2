import { renderToStaticMarkup } from 'react-dom/server';
import { Link as LibraryLink, NavLink as LibraryNavLink, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

// The server renders with react-router's Link and NavLink, the browser build with ./link.tsx's
// (vite.config.ts): hydration needs the same markup from both, for every way the app uses them.
const at = (url: string, node: React.ReactNode) => renderToStaticMarkup(<StaticRouter location={url}>{node}</StaticRouter>);

describe('Link and NavLink', () => {
  it('render the markup of react-router-dom’s own', () => {
    const cases: [string, (L: typeof Link, N: typeof NavLink) => React.ReactNode][] = [
      ['/', (L) => <L to="/jobs">Jobs</L>],
      [
        '/jobs',
        (L) => (
          <L to="/jobs?borough=Camden#top" className="link" aria-label="Camden jobs" data-testid="x">
            Camden
          </L>
        ),
      ],
      ['/schools/12', (L) => <L to={{ pathname: '/schools/12', search: '?tab=reviews' }}>Reviews</L>],
      ['/schools/12', (L) => <L to="../13">Relative</L>],
      [
        '/forum',
        (L) => (
          <L to="https://example.org/a b" target="_blank" rel="noreferrer">
            Away
          </L>
        ),
      ],
      [
        '/forum',
        (L) => (
          <L to="/forum/threads/3" reloadDocument>
            Reload
          </L>
        ),
      ],
      [
        '/jobs/4',
        (_L, N) => (
          <N to="/jobs" className="nav">
            Jobs
          </N>
        ),
      ],
      [
        '/jobs',
        (_L, N) => (
          <N to="/jobs" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
            Jobs
          </N>
        ),
      ],
      [
        '/',
        (_L, N) => (
          <N to="/" end className="nav">
            Home
          </N>
        ),
      ],
      [
        '/jobs/4',
        (_L, N) => (
          <N to="/" end className="nav">
            Home
          </N>
        ),
      ],
      ['/Jobs/4', (_L, N) => <N to="/jobs">Case</N>],
      [
        '/schools/a%20b',
        (_L, N) => (
          <N to="/schools/a b" style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400 })}>
            {({ isActive }) => (isActive ? 'here' : 'there')}
          </N>
        ),
      ],
      [
        '/salaries',
        (_L, N) => (
          <N to="/salaries" aria-current="location">
            Salaries
          </N>
        ),
      ],
    ];
    for (const [url, node] of cases) {
      const ours = at(url, node(Link, NavLink));
      expect(ours, url).toBe(at(url, node(LibraryLink, LibraryNavLink)));
      expect(ours).toMatch(/^<a /);
    }
  });
});
