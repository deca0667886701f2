// The two ways to make an alert: "Get alerts for this search" on the Jobs screen, and "Follow
// this school" on a school page. Visitors are asked to sign in.
import { useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import type { AlertFilterValues } from '../../../core/alert-summary';
import { Icon } from '../../components/Icon';
import { useResumeAfterSignIn } from '../../data/signed-in';
import { useSignedInAction } from '../../data/writes';
import { later } from '../../lib/later';
import { useAlerts } from '../../data/alerts';

// The dialog (its form, the push subscription, the alert's summary) is rendered only in the
// browser once the page is hydrated, from a chunk of its own: the page's first load carries the buttons.
const AlertDialog = later(() => import('./AlertDialog').then((m) => m.AlertDialog));

/** A way to make an alert: a visitor is asked to sign in to `why` first, a member gets the dialog (`onOpen`). */
function BellButton({
  why,
  testId,
  onOpen,
  fit = false,
  resume,
  children,
}: {
  why: string;
  testId: string;
  /** The action's name for finishing it after the sign-in her tap starts (useResumeAfterSignIn). */
  resume: string;
  onOpen: () => void;
  /** As wide as its words (in a column), not stretched. */
  fit?: boolean;
  children: string;
}) {
  const signedIn = useSignedInAction();
  // Back from the sign-in this button started: the alert's dialog opens, as her tap asked.
  useResumeAfterSignIn(resume, onOpen);
  return (
    <button
      type="button"
      className={fit ? 'btn btn-sm btn-primary btn-outline w-fit' : 'btn btn-sm btn-primary btn-outline'}
      onClick={() => signedIn(`Please sign in to ${why}.`, onOpen, resume)}
      data-testid={testId}
    >
      <Icon name="bell" className="size-4" />
      {children}
    </button>
  );
}

/** Jobs screen: the current filters (from the URL) become the alert's. */
export function JobAlertButton({ filters }: { filters: Record<string, string | undefined> }) {
  const [open, setOpen] = useState(false);
  // The portal's target exists only in the browser (the page is rendered on the server too).
  const hydrated = useHydrated();
  const clean: AlertFilterValues = Object.fromEntries(Object.entries(filters).filter(([, v]) => v && v !== 'all'));
  return (
    <>
      <BellButton why="get job alerts" testId="job-alert-button" resume="job-alert" onOpen={() => setOpen(true)}>
        Get alerts for this search
      </BellButton>
      {/* Portalled: the Jobs screen's button sits inside its search form, and forms cannot nest. */}
      {hydrated && createPortal(<AlertDialog open={open} onClose={() => setOpen(false)} filters={clean} />, document.body)}
    </>
  );
}

/** School page: an alert whose filter is this school; "Following" once there is one. */
export function FollowSchoolButton({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const { data } = useAlerts();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const following = data?.find((a) => a.filters.schoolId === schoolId);
  if (following) {
    return (
      <Link to="/dashboard?tab=alerts" className="btn btn-sm btn-primary w-fit" data-testid="follow-school">
        <Icon name="bell" className="size-4" />
        Following{following.active ? '' : ' (paused)'}
      </Link>
    );
  }
  return (
    <>
      <BellButton why="follow schools" testId="follow-school" resume={`follow-school:${schoolId}`} onOpen={() => setOpen(true)} fit>
        Follow this school
      </BellButton>
      {hydrated && (
        <AlertDialog
          open={open}
          onClose={() => setOpen(false)}
          filters={{ schoolId }}
          schoolName={schoolName}
          title={`Follow ${schoolName}`}
        />
      )}
    </>
  );
}
