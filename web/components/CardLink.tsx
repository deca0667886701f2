import { Link } from 'react-router-dom';

/**
 * A link to one of the app's own pages from a list's card (a page shows up to 50 cards, each with
 * a link or two). In the browser it is react-router's Link. On the server, where nobody clicks,
 * it renders the very `<a>` Link renders for an absolute path (its `href` and `data-discover`)
 * without Link's hooks (the router's contexts, the href resolved against the route, a click
 * handler), which cost a list's render more than the rest of its cards (decision 1058). The
 * browser hydrates its Link on that markup, so clicks navigate as before.
 */
type CardLinkProps = { to: `/${string}`; className?: string; children?: React.ReactNode };

function ServerLink({ to, children, ...rest }: CardLinkProps) {
  return (
    <a {...rest} href={to} data-discover="true">
      {children}
    </a>
  );
}

export const CardLink: React.ComponentType<CardLinkProps> = typeof window === 'undefined' ? ServerLink : Link;
