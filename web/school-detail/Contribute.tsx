// A school's Contribute card (the sidebar's second): Write a Review and Share Interview Experience,
// each asking a visitor to sign in first, and their forms, each loaded when first asked for and
// then kept mounted (a draft survives closing it). A later() part of the school's page: the server
// renders the card, and its markup is kept until this chunk has arrived.
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { useResumeAfterSignIn, useSignedInAction } from '../data/signed-in';
import { useActivity, useMine } from '../data/activity';
import { useAuth } from '../data/auth';

const dialogs = () => import('../features/contribute/ContributeDialogs');
const ReviewDialog = lazy(() => dialogs().then((m) => ({ default: m.ReviewDialog })));
const InterviewDialog = lazy(() => dialogs().then((m) => ({ default: m.InterviewDialog })));

/**
 * Her review of this school that waits for a moderator: in her activity, or just sent from this
 * page (perhaps still in the outbox). `known` is false while a signed-in reader's activity has not
 * answered yet: the form stays shut meanwhile (a tap, or the one a sign-in resumes, opens it only
 * when her activity says no review of hers waits: issue 37 item 10).
 */
function useWaitingReview(schoolId: number) {
  const [sentHere, setSentHere] = useState(false);
  const { isAuthenticated } = useAuth();
  const activity = useActivity();
  const mine = useMine().reviews;
  const waiting = sentHere || [...mine.values()].some((r) => r.schoolId === schoolId && r.status === 'pending');
  const known = sentHere || !isAuthenticated || activity.data !== undefined || activity.error !== undefined;
  return { waiting, known, sent: useCallback(() => setSentHere(true), []) };
}

export function Contribute({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const signedIn = useSignedInAction();
  const review = useWaitingReview(schoolId);
  const [dialog, setDialogState] = useState<'review' | 'interview' | null>(null);
  const [opened, setOpened] = useState({ review: false, interview: false });
  const setDialog = (which: 'review' | 'interview') => {
    setOpened((o) => (o[which] ? o : { ...o, [which]: true }));
    setDialogState(which);
  };
  const close = useCallback(() => setDialogState(null), []);
  // Back from the sign-in one of these buttons started: its form opens, as her tap asked.
  useResumeAfterSignIn(`review:${schoolId}`, () => setDialog('review'));
  useResumeAfterSignIn(`interview:${schoolId}`, () => setDialog('interview'));
  return (
    <>
      <section className="card bg-primary text-primary-content" aria-labelledby="contribute">
        <div className="card-body p-5 gap-3">
          <h2 id="contribute" className="card-title text-lg">
            Contribute
          </h2>
          <p className="text-sm opacity-90">Help other teachers: everything you share is anonymous.</p>
          {review.waiting ? (
            // Not a second form (decision 2027): her review is sent and waits; she edits it from her dashboard.
            <p className="rounded-box bg-base-100 text-base-content p-3 text-sm flex gap-2" role="status" data-testid="review-waiting">
              <Icon name="clock" className="size-5 shrink-0 text-info" />
              <span>
                Your review is waiting for a moderator. It shows here once approved; you can edit it from your{' '}
                <Link to="/dashboard" className="link">
                  dashboard
                </Link>
                .
              </span>
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => signedIn('Please sign in to submit a review.', () => setDialog('review'), `review:${schoolId}`)}
            >
              <Icon name="star" /> Write a Review
            </button>
          )}
          <button
            type="button"
            className="btn"
            onClick={() =>
              signedIn('Please sign in to share your interview experience.', () => setDialog('interview'), `interview:${schoolId}`)
            }
          >
            <Icon name="chat" /> Share Interview Experience
          </button>
        </div>
      </section>
      {/* Each form loads when first asked for, and stays mounted after (a draft survives closing it). */}
      <Suspense fallback={null}>
        {opened.review && (
          <ReviewDialog
            schoolId={schoolId}
            schoolName={schoolName}
            // Never over her review that waits (her activity may answer after the tap or the resumed sign-in).
            open={dialog === 'review' && review.known && !review.waiting}
            onClose={close}
            onSent={review.sent}
          />
        )}
        {opened.interview && <InterviewDialog schoolId={schoolId} schoolName={schoolName} open={dialog === 'interview'} onClose={close} />}
      </Suspense>
    </>
  );
}
