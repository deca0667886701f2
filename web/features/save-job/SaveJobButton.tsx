import { useState } from 'react';
import { mutate as globalMutate } from 'swr';
import { useSavedStatus } from '../../data/hooks';
import { Icon } from '../../components/Icon';
import { useResumeAfterSignIn, useSignedInAction } from '../../data/signed-in';
import { swrKey } from '../../data/keys';

/**
 * The save heart (product §4): filled when saved; visitors get 'Sign In Required'. A server-rendered
 * page is always a visitor's (no cookie reaches the renderer), so on the server the heart is the
 * visitor's, not saved, without the four data hooks a card's heart asks (a list has 50 of them);
 * the browser hydrates the live heart on the same markup (its first render is a visitor's too,
 * the session still pending).
 */
export const SaveJobButton = typeof window === 'undefined' ? VisitorHeart : LiveSaveJobButton;

function VisitorHeart({ title }: { jobId: number; title: string }) {
  return <Heart saved={false} busy={false} title={title} />;
}

// The write itself (outbox, toasts, their texts) loads with the first tap.
const loadSave = () => import('./save-job');

function LiveSaveJobButton({ jobId, title }: { jobId: number; title: string }) {
  const signedIn = useSignedInAction();
  const { data, mutate } = useSavedStatus(jobId);
  const [busy, setBusy] = useState(false);
  const saved = !!data?.saved;
  const toggle = () => signedIn('Please sign in to save jobs.', () => void send(saved), `save-job:${jobId}`);
  // Back from the sign-in her tap started: the job is saved (never removed), with the saved toast.
  useResumeAfterSignIn(`save-job:${jobId}`, () => void send(false));
  async function send(wasSaved: boolean) {
    setBusy(true);
    let done = false;
    try {
      done = await (await loadSave()).saveJob(jobId, title, wasSaved);
    } finally {
      setBusy(false);
    }
    if (done) {
      // The list the hearts read is fetched again; this heart shows its new state at once.
      await mutate({ saved: !wasSaved }, { revalidate: false });
      void globalMutate(swrKey.savedJobs);
    }
  }
  return <Heart saved={saved} busy={busy} title={title} onClick={toggle} />;
}

/** The heart's markup, the same on the server and in the browser. */
function Heart({ saved, busy, title, onClick }: { saved: boolean; busy: boolean; title: string; onClick?: () => void }) {
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-square ${saved ? 'text-secondary' : ''}`}
      onClick={onClick}
      disabled={busy}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from saved jobs` : `Save ${title}`}
      title={saved ? 'Saved' : 'Save job'}
      data-testid="save-job"
    >
      <Icon name="heart" filled={saved} />
    </button>
  );
}
