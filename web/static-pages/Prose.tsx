import type { ReactNode } from 'react';
import { Breadcrumb } from '../components/states';

/** Layout for the static pages: breadcrumb, title, readable column. */
export function Prose({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: title }]} />
      <h1 className="text-3xl sm:text-4xl font-extrabold mt-2">{title}</h1>
      {intro && <div className="text-lg opacity-80 mt-3">{intro}</div>}
      <div className="mt-8 space-y-8 leading-relaxed [&_h2]:text-xl [&_h2]:font-bold [&_h2]:mb-2 [&_h3]:font-semibold [&_h3]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:space-y-1 [&_p+p]:mt-3">
        {children}
      </div>
    </div>
  );
}
