import type { ReactNode } from 'react';
import { Breadcrumb } from '../components/states';

/** One section of a static page: its heading and what follows it (an `id` to link to it). */
export interface ProseSection {
  title: string;
  id?: string;
  body: ReactNode;
}

/** Layout for the static pages: breadcrumb, title, readable column, one `<section>` with its `<h2>` per section. */
export function Prose({ title, intro, sections }: { title: string; intro?: ReactNode; sections: readonly ProseSection[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: title }]} />
      <h1 className="text-3xl sm:text-4xl font-extrabold mt-2">{title}</h1>
      {intro && <div className="text-lg opacity-80 mt-3">{intro}</div>}
      <div className="mt-8 space-y-8 leading-relaxed [&_h2]:text-xl [&_h2]:font-bold [&_h2]:mb-2 [&_h3]:font-semibold [&_h3]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:space-y-1 [&_p+p]:mt-3">
        {sections.map((s) => (
          <section key={s.title} id={s.id}>
            <h2>{s.title}</h2>
            {s.body}
          </section>
        ))}
      </div>
    </div>
  );
}
