import { Link } from 'react-router-dom';
import { NotFoundStatus } from '../lib/page-status';
import { Icon } from '../components/Icon';

export function NotFoundPage() {
  return (
    <div className="min-h-[60vh] grid place-items-center px-4 py-12">
      <NotFoundStatus />
      <div className="card bg-base-100 border border-base-300 shadow-sm w-full max-w-md">
        <div className="card-body items-center text-center">
          <Icon name="warning" className="size-12 text-error" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          <p className="opacity-80">Did you forget to add the page to the router?</p>
          <Link to="/" className="btn btn-primary mt-2">
            Go to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
