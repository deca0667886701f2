// What the browser build gets for `react-router-dom` (vite.config.ts): the library, with this
// app's leaner <Link> and <NavLink> (./link.tsx) in place of its own.
export * from 'react-router';
export { Link, NavLink } from './link';
