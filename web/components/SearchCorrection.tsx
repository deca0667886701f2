// "Showing results for Graveney. Search instead for graveny": what a list says when the API
// corrected a misspelt search word (X-Search-Corrected), with a link that searches exactly as
// typed (exact=1 in the URL, decision 0701).
import { Link, useLocation } from 'react-router-dom';

export function SearchCorrection({ corrected, typed }: { corrected: string | null | undefined; typed: string }) {
  const location = useLocation();
  if (!corrected || !typed) return null;
  const params = new URLSearchParams(location.search);
  params.set('exact', '1');
  params.delete('cursor');
  return (
    <p className="text-sm" data-testid="search-corrected">
      Showing results for <strong>{corrected}</strong>.{' '}
      <Link className="link tap" to={`${location.pathname}?${params.toString()}`} replace>
        Search instead for {typed}
      </Link>
    </p>
  );
}
