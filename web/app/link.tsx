// react-router's <Link> and <NavLink> as this app uses them (declarative routing: no data router,
// no framework mode), for the browser build. The library's Link also carries the framework's
// route-module prefetching (<PrefetchPageLinks>, which renders only inside a framework app),
// link masking and the data router's pending state, all of which stays in the bundle because
// Link refers to it. vite.config.ts points the browser build's `react-router-dom` at
// ./router.ts, which re-exports the library with these two in place of its own; the server
// renderer runs the library's. Both render the same markup: link.test.tsx compares them.
import { forwardRef, type MouseEvent } from 'react';
import {
  UNSAFE_NavigationContext as NavigationContext,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';
import { useContext } from 'react';

/** An absolute URL or a protocol-relative one (the library's test). */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    onClick,
    discover = 'render',
    prefetch: _prefetch,
    relative,
    reloadDocument,
    replace,
    mask: _mask,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate: _revalidate,
    children,
    ...rest
  },
  ref,
) {
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to) ? to : null;
  const isAbsolute = absolute !== null;
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler(to, { replace, state: state as unknown, target, preventScrollReset, relative, viewTransition });
  // An absolute URL is left to the browser (the library would route a same-origin one in the
  // app; this app's links are all paths).
  const spa = !(isAbsolute || reloadDocument);
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return (
    <a
      {...rest}
      href={absolute ?? href}
      onClick={spa ? handleClick : onClick}
      ref={ref}
      target={target}
      data-discover={!isAbsolute && discover === 'render' ? 'true' : undefined}
    >
      {children}
    </a>
  );
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    to,
    children,
    ...rest
  },
  ref,
) {
  const path = useResolvedPath(to, { relative: rest.relative });
  const location = useLocation();
  const { navigator } = useContext(NavigationContext);
  let toPathname = navigator.encodeLocation ? navigator.encodeLocation(path).pathname : path.pathname;
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname || (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlash) === '/');
  // No data router: never pending, never in a view transition.
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <Link {...rest} aria-current={isActive ? ariaCurrentProp : undefined} className={className} ref={ref} style={style} to={to}>
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
});
