import { useId, useRef, type ReactNode } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA pattern): arrow keys, Home and End move between tabs. They wrap onto
 * a second row rather than scroll, so every tab is in sight on a 390 px phone.
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: TabDef<K>[];
  active: K;
  onChange: (k: K) => void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = tabs.findIndex((t) => t.key === active);
  function onKeyDown(e: React.KeyboardEvent) {
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(tabs[next].key);
    refs.current[next]?.focus();
  }
  return (
    <div>
      <div role="tablist" aria-label={label} className="tabs tabs-box flex-wrap">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.key}`}
            aria-selected={t.key === active}
            aria-controls={`${base}-panel`}
            tabIndex={t.key === active ? 0 : -1}
            className={`tab whitespace-nowrap ${t.key === active ? 'tab-active' : 'text-base-content'}`}
            onClick={() => onChange(t.key)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} className="mt-4" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
