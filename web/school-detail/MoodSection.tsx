import { ReportButton } from '../features/report/ReportButton';
import { useEffect, useState } from 'react';
import { MOODS } from '../../core/constants';
import { Icon } from '../components/Icon';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { check } from '../components/check';
import { firstError, useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { loginHref, useAuth } from '../data/auth';
import { useMoodStats, useUserMood } from '../data/hooks';
import { timeAgo } from '../lib/format';
import { moodFormLabels, sentimentLabel } from './sentiment';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';

function MoodStats({ schoolId }: { schoolId: number }) {
  const { data, error, isLoading, mutate } = useMoodStats(schoolId);
  if (error && !data) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data) return <SkeletonList count={1} lines={5} />;
  if (data.totalMoods === 0)
    return (
      <EmptyState icon="chat" title="No moods shared yet">
        Be the first teacher to say how working here feels.
      </EmptyState>
    );
  return (
    <div className="card bg-base-100 border border-base-300">
      <div className="card-body p-5 gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold text-lg">How teachers feel</h3>
          <p className="text-sm" data-testid="mood-summary">
            <span className="badge badge-primary badge-soft mr-2">{sentimentLabel(data.averageSentiment)}</span>
            {data.averageSentiment.toFixed(1)} / 5 from {data.totalMoods} {data.totalMoods === 1 ? 'teacher' : 'teachers'}
          </p>
        </div>
        <ul className="grid gap-2" data-testid="mood-breakdown">
          {data.moodBreakdown.map((m) => (
            <li key={m.mood} className="grid grid-cols-[2rem_1fr_auto] items-center gap-2 text-sm">
              <span aria-hidden="true" className="text-xl">
                {m.emoji}
              </span>
              <div>
                <div className="flex justify-between">
                  <span>{m.label}</span>
                </div>
                <progress
                  className="progress progress-primary w-full"
                  value={m.percentage}
                  max={100}
                  aria-label={`${m.label}: ${m.percentage}%`}
                />
              </div>
              <span className="tabular-nums w-20 text-right">
                {m.count} ({m.percentage}%)
              </span>
            </li>
          ))}
        </ul>
        {data.recentComments.length > 0 && (
          <div>
            <h4 className="font-semibold mt-2 mb-1">Recent comments</h4>
            <ul className="grid gap-2">
              {data.recentComments.map((c, i) => (
                <li key={i} className="bg-base-200 rounded-box p-3 text-sm">
                  <span aria-hidden="true">{c.emoji} </span>
                  <span className="sr-only">{MOODS.find((m) => m.mood === c.mood)?.label}: </span>
                  {c.comment} <span className="opacity-80 text-xs">· {timeAgo(c.updatedAt)}</span>
                  <ReportButton kind="mood" id={c.id} className="ms-1" />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

function MoodForm({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const { data: saved, mutate: mutateUserMood, isLoading } = useUserMood(schoolId);
  const { mutate: mutateStats } = useMoodStats(schoolId);
  const labels = moodFormLabels(!!saved);
  const [editing, setEditing] = useState(false);
  const savedValues = { mood: saved?.mood ?? '', comment: saved?.comment ?? '', anonymous: saved?.anonymous ?? false };
  const f = useForm(savedValues);
  const { mood, comment, anonymous } = f.values;
  const restore = () => f.reset(savedValues);
  // The form follows the saved mood whenever it loads or changes (only then: not on every render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(restore, [saved]);
  const { onSubmit } = useSubmit(f, {
    check: () => check('moodInput', { mood, comment: comment.trim() || undefined, anonymous }),
    write: (json) => ({
      request: {
        kind: 'mood',
        ...to(client.schools[':id'].mood, labels.method === 'PUT' ? '$put' : '$post', { param: { id: String(schoolId) }, json }),
        label: `Mood at ${schoolName}`,
      },
      messages: {
        success: saved ? SUCCESS.moodUpdated : SUCCESS.moodShared,
        signIn: 'Please sign in to share your mood.',
        error: { description: 'Failed to update mood. Please try again.' },
      },
    }),
    done: () => {
      setEditing(false);
      if (!saved) f.set('comment', '');
      void mutateStats();
      void mutateUserMood();
    },
  });
  const error = firstError(f.errors, 'mood');

  if (isLoading) return <div className="skeleton h-24 w-full" />;
  if (!editing) return <YourMood saved={saved} open={labels.open} onOpen={() => setEditing(true)} />;
  return (
    <form className="card bg-base-100 border border-primary" onSubmit={onSubmit} data-testid="mood-form">
      <div className="card-body p-5 gap-3">
        <MoodPicker schoolName={schoolName} value={mood} onChange={(m) => f.set('mood', m)} error={error} />
        <label className="fieldset">
          <span className="fieldset-legend">Comment (optional)</span>
          <textarea
            className="textarea w-full"
            rows={2}
            maxLength={500}
            value={comment}
            onChange={(e) => f.set('comment', e.target.value)}
            name="comment"
          />
        </label>
        <AnonymousField checked={anonymous} onChange={(x) => f.set('anonymous', x)} />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              restore();
              setEditing(false);
            }}
          >
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!mood || f.busy}>
            {f.busy && <span className="loading loading-spinner loading-sm" />}
            {labels.submit}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Her saved mood (or the invitation to share one), and the button that opens the form. */
function YourMood({ saved, open, onOpen }: { saved: ReturnType<typeof useUserMood>['data']; open: string; onOpen: () => void }) {
  return (
    <div className="card bg-base-200">
      <div className="card-body p-5 flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold">Your mood</h3>
          {saved ? (
            <p className="text-sm" data-testid="my-mood">
              <span aria-hidden="true">{saved.emoji} </span>
              {MOODS.find((m) => m.mood === saved.mood)?.label ?? saved.mood} · updated {timeAgo(saved.updatedAt)}
            </p>
          ) : (
            <p className="text-sm opacity-80">Tell other teachers how working here feels. It stays anonymous.</p>
          )}
        </div>
        <button type="button" className="btn btn-primary" onClick={onOpen}>
          {open}
        </button>
      </div>
    </div>
  );
}

/** The five moods as a radio group of buttons, and the form's message under them. */
function MoodPicker({
  schoolName,
  value,
  onChange,
  error,
}: {
  schoolName: string;
  value: string;
  onChange: (mood: string) => void;
  error: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="font-semibold mb-2">How do you feel about working at {schoolName}?</legend>
      <div className="grid grid-cols-1 sm:grid-cols-5 gap-2" role="radiogroup">
        {MOODS.map((m) => (
          <label
            key={m.mood}
            className={
              'btn h-auto py-2 flex-col gap-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary has-[:focus-visible]:ring-offset-2 ' +
              (value === m.mood ? 'btn-primary' : 'btn-outline')
            }
          >
            <input
              type="radio"
              name="mood"
              value={m.mood}
              checked={value === m.mood}
              onChange={() => onChange(m.mood)}
              className="sr-only"
            />
            <span aria-hidden="true" className="text-2xl">
              {m.emoji}
            </span>
            <span className="text-xs font-normal">{m.label}</span>
            {value === m.mood && <Icon name="check" className="size-4" />}
          </label>
        ))}
      </div>
      {error && (
        <p className="text-error text-sm mt-1" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "Post anonymously", with what ticking it changes. */
function AnonymousField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div>
      <label className="label cursor-pointer gap-2 min-h-11">
        <input
          type="checkbox"
          className="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          name="anonymous"
          aria-describedby="mood-anonymous-hint"
        />
        <span className="text-base-content">Post anonymously</span>
      </label>
      {/* What the box changes, truthfully: moods and comments are shown without a name either way. */}
      <p id="mood-anonymous-hint" className="text-xs opacity-80 ml-8" data-testid="mood-anonymous-hint">
        {checked
          ? 'Ticked: your mood is marked anonymous. Other teachers see the mood and comment, never your name.'
          : 'Not ticked: other teachers still see only the mood and comment, never your name. Tick to mark it anonymous as well.'}
      </p>
    </div>
  );
}

/** The Teacher Mood tab (product §4). */
export function MoodSection({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <div className="grid gap-4">
      <MoodStats schoolId={schoolId} />
      {isLoading ? (
        <div className="skeleton h-24 w-full" />
      ) : isAuthenticated ? (
        <MoodForm schoolId={schoolId} schoolName={schoolName} />
      ) : (
        <div className="card bg-base-200">
          <div className="card-body p-5 flex-row flex-wrap items-center justify-between gap-3">
            <p className="font-medium">Sign in to share your experience</p>
            <a href={loginHref()} className="btn btn-primary">
              Sign In
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
