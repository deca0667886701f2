// The moderation page's queues as tabs (decision 2115): each tab names its queue with how many
// wait and how long the oldest has waited; the open one is in the URL (?queue=), so a reload or a
// shared link opens it again. Arrow keys, Home and End move between tabs (the WAI-ARIA tabs
// pattern); the tabs wrap onto a second line on a phone rather than scroll out of sight.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { waitingFor } from './waiting';

export interface QueueTab {
  id: string;
  label: string;
  /** How many wait; undefined for a tab that is not a queue (lock and pin, the audit log). */
  count?: number;
  /** When the oldest item waiting arrived. */
  oldest?: number | null;
  panel: () => ReactNode;
}

/** The tab opened without a choice in the URL: the first queue with something waiting, else the first. */
function defaultTab(tabs: QueueTab[]) {
  return (tabs.find((t) => (t.count ?? 0) > 0) ?? tabs[0]).id;
}

export function QueueTabs({ tabs }: { tabs: QueueTab[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('queue');
  const current = tabs.find((t) => t.id === asked) ?? tabs.find((t) => t.id === defaultTab(tabs))!;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const open = (id: string, focus = false) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('queue', id);
        return next;
      },
      { replace: true },
    );
    if (focus) refs.current[id]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === current.id);
    const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    open(tabs[(to + tabs.length) % tabs.length].id, true);
  };
  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label="Moderation queues" className="flex flex-wrap gap-2" data-testid="queue-tabs">
        {tabs.map((t) => {
          const selected = t.id === current.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              className={`btn btn-sm min-h-11 h-auto py-1 flex-col items-start gap-0 text-left ${selected ? 'btn-primary' : 'btn-outline'}`}
              onClick={() => open(t.id)}
              onKeyDown={onKey}
              data-testid={`tab-${t.id}`}
            >
              <span>
                {t.label}
                {t.count !== undefined && <span className="ms-1 badge badge-sm">{t.count}</span>}
              </span>
              {!!t.count && t.oldest != null && <span className="text-xs font-normal opacity-80">oldest {waitingFor(t.oldest)}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} tabIndex={0} className="focus:outline-none">
        {current.panel()}
      </div>
    </div>
  );
}
