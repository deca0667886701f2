import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { later } from '../lib/later';
import { CardLink } from '../components/CardLink';
import { Icon } from '../components/Icon';
import { SearchBox } from '../components/SearchBox';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useDebouncedSearch, useUrlFilters } from '../components/use-url-filters';
import { useAuth, useLoginHref } from '../data/auth';
import { useForumCategories } from '../data/hooks';
import { useForumThreadPages } from '../data/page-hooks';
import { formatNumber, timeAgo } from '../lib/format';
import { preview, threadStatus } from '../components/thread-status';
import { LoadMore } from '../components/LoadMore';

// The new-discussion dialog (closed until a signed-in reader opens it) after the first render
// (web/lib/later.tsx): the server's closed <dialog> is kept until its chunk arrives.
const NewThreadDialog = later(() => import('./NewThreadDialog').then((m) => m.NewThreadDialog));

/** A thread as the list shows it. */
type ThreadRow = NonNullable<ReturnType<typeof useForumThreadPages>['rows']>[number];

export function ForumPage() {
  const { isAuthenticated, user } = useAuth();
  const login = useLoginHref();
  const { values, set } = useUrlFilters(['category', 'search'] as const);
  const commitSearch = useCallback((v: string) => set({ search: v }, true), [set]);
  const search = useDebouncedSearch(values.search, commitSearch);
  const categories = useForumCategories();
  const threads = useForumThreadPages(values.category || undefined, values.search || undefined);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const refreshThreads = threads.mutate;
  const created = useCallback(() => void refreshThreads(), [refreshThreads]);
  const selected = categories.data?.find((c) => String(c.id) === values.category);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Teachers In London Talk</h1>
          <p className="opacity-80 mt-1">Ask, share and support each other: a community forum for London teachers.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {user?.isModerator && (
            <Link to="/moderation" className="btn btn-ghost">
              <Icon name="shield" /> Moderation queue
            </Link>
          )}
          {isAuthenticated && (
            <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
              <Icon name="chat" /> New Discussion
            </button>
          )}
        </div>
      </div>

      <div className="grid grid-cols-1 lg:grid-cols-[16rem_1fr] gap-6 mt-6">
        <aside className="flex flex-col gap-4 min-w-0">
          <CategoryNav categories={categories} value={values.category} onPick={(id) => set({ category: id })} />
          {/* Shown until the reader is known to be signed in: a visitor's page (and the
              server's) has it from the first paint, so nothing moves when the check answers. */}
          {!isAuthenticated && <JoinCard login={login} />}
        </aside>

        <section className="min-w-0" aria-label={selected ? `${selected.name} discussions` : 'All discussions'}>
          {selected?.description && <p className="mb-3 text-sm opacity-80">{selected.description}</p>}
          <form
            role="search"
            aria-label="Search discussions"
            className="mb-3"
            onSubmit={(e) => {
              e.preventDefault();
              search.flush();
            }}
          >
            {values.category && <input type="hidden" name="category" value={values.category} />}
            <SearchBox
              id="forum-search"
              label="Search discussions"
              placeholder="Search discussions"
              value={search.text}
              onChange={search.setText}
            />
          </form>
          <ThreadResults
            threads={threads}
            search={values.search}
            category={values.category}
            canStart={isAuthenticated}
            onStart={() => setOpen(true)}
          />
          {threads.rows && <LoadMore pages={threads} label="Load more discussions" />}
        </section>
      </div>
      {/* Only for a reader who can start a discussion: its chunk (and the form checks it brings,
          a ~20 ms evaluation at a phone's speed) is not loaded for a visitor's page (issue 40). */}
      {categories.data && isAuthenticated && (
        <NewThreadDialog open={open} onClose={close} categories={categories.data} defaultCategory={values.category} onCreated={created} />
      )}
    </div>
  );
}

/** A thread in the list. One tap target: the title's link covers the whole card (after:inset-0), so
 * a tap anywhere opens the thread, yet keyboards and screen readers meet one link, named by the
 * title, and nothing interactive nests inside it. */
function ThreadCard({ t }: { t: ThreadRow }) {
  const status = threadStatus(t);
  return (
    <li className="offscreen-lazy">
      <article
        className={`card relative isolate bg-base-100 border hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-primary ${t.isSticky ? 'border-primary' : 'border-base-300'}`}
        data-testid="thread-card"
      >
        <div className="card-body p-4 gap-2">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {t.isSticky && (
              <span className="badge badge-primary badge-sm gap-1">
                <Icon name="pin" className="size-3" /> Sticky
              </span>
            )}
            <span className="badge badge-ghost badge-sm">{t.category.name}</span>
            <span className={`badge badge-sm ${status.className}`}>{status.label}</span>
          </div>
          <h2 className="font-semibold text-lg leading-snug">
            <CardLink
              to={`/forum/threads/${t.id}`}
              className="link link-hover focus-visible:outline-none after:absolute after:inset-0 after:z-[1] after:rounded-box"
            >
              {t.title}
            </CardLink>
          </h2>
          <p className="text-sm opacity-80 break-words">{preview(t.content)}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs opacity-70">
            <span className="flex items-center gap-1">
              <Icon name="user" className="size-3" /> {t.user.firstName || 'Anonymous'}
            </span>
            <span>
              {formatNumber(t.replyCount)} {t.replyCount === 1 ? 'reply' : 'replies'}
            </span>
            <span>
              {formatNumber(t.viewCount)} {t.viewCount === 1 ? 'view' : 'views'}
            </span>
            <span className="flex items-center gap-1">
              <Icon name="clock" className="size-3" /> {timeAgo(t.createdAt)}
            </span>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The categories: All Discussions first; the chosen one pressed. */
function CategoryNav({
  categories,
  value,
  onPick,
}: {
  categories: ReturnType<typeof useForumCategories>;
  value: string;
  onPick: (id: string) => void;
}) {
  return (
    <nav aria-label="Forum categories" className="card bg-base-100 border border-base-300">
      <div className="card-body p-3">
        <h2 className="font-semibold px-2 pt-1">Categories</h2>
        {categories.error ? (
          <ErrorState error={categories.error} retry={() => categories.mutate()} />
        ) : !categories.data ? (
          <div className="grid gap-2 p-2" role="status" aria-label="Loading categories">
            {[1, 2, 3, 4].map((i) => (
              <div key={i} className="skeleton h-8 w-full" />
            ))}
          </div>
        ) : (
          <ul className="flex lg:flex-col gap-1 overflow-x-auto pb-1">
            {[{ id: '', name: 'All Discussions' }, ...categories.data.map((c) => ({ id: String(c.id), name: c.name }))].map((c) => (
              <li key={c.id} className="shrink-0">
                <button
                  type="button"
                  className={`btn btn-sm w-full justify-start font-normal ${value === c.id ? 'btn-primary' : 'btn-ghost'}`}
                  aria-pressed={value === c.id}
                  onClick={() => onPick(c.id)}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

/** Shown until the reader is known to be signed in. */
function JoinCard({ login }: { login: string }) {
  return (
    <section className="card bg-primary text-primary-content" aria-labelledby="join">
      <div className="card-body p-5 gap-2">
        <h2 id="join" className="card-title">
          Join the Discussion
        </h2>
        <p className="text-sm opacity-90">Sign in to start discussions and reply to other teachers.</p>
        <a href={login} className="btn btn-secondary">
          Log In
        </a>
      </div>
    </section>
  );
}

/** The list: an error, a skeleton, the empty state (with Start Discussion when she can), or the cards. */
function ThreadResults({
  threads,
  search,
  category,
  canStart,
  onStart,
}: {
  threads: ReturnType<typeof useForumThreadPages>;
  search: string;
  category: string;
  canStart: boolean;
  onStart: () => void;
}) {
  return threads.error ? (
    <ErrorState error={threads.error} retry={() => threads.mutate()} />
  ) : !threads.rows ? (
    <SkeletonList count={4} lines={3} />
  ) : threads.rows.length === 0 ? (
    <EmptyState icon="chat" title={search ? 'No discussions found' : 'No discussions yet'}>
      <p>
        {search
          ? 'No discussions match your search.'
          : category
            ? 'No discussions in this category yet. Be the first to start one!'
            : 'Be the first to start a discussion in this community!'}
      </p>
      {canStart && (
        <button type="button" className="btn btn-primary btn-sm mt-3" onClick={onStart}>
          Start Discussion
        </button>
      )}
    </EmptyState>
  ) : (
    <ul className="grid gap-3" data-testid="thread-list">
      {threads.rows.map((t) => (
        <ThreadCard key={t.id} t={t} />
      ))}
    </ul>
  );
}
