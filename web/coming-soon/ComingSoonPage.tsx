import { Link } from 'react-router-dom';
import { Breadcrumb } from '../components/states';

/** Placeholder for screens still being built. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: title }]} />
      <h1 className="text-3xl font-extrabold mt-2">{title}</h1>
      <div className="alert alert-info alert-soft mt-6">
        <span>
          This screen is coming soon. In the meantime, <Link to="/" className="link">go back home</Link>.
        </span>
      </div>
    </div>
  );
}
