// Whether a tap may run a signed-in action, without the writes' code: a page whose buttons only
// check this (save, write a review) loads the outbox and the toasts' texts when a signed-in
// teacher writes, not with its first render. A visitor's 'Sign In Required' shows at once.
import { loginHref, useAuth, userAnswer } from './auth';
import { useEffect, useRef } from 'react';
import { claimPendingAction, dropCarriedAction, rememberPendingAction } from './pending-action';
import { toast } from '../lib/toast-store';

const LOGIN_REDIRECT_MS = 1500;

/** 'Sign In Required' with the given text, then the login address after 1.5 s (product §6, §8). */
export function signInRequired(description: string, delay = LOGIN_REDIRECT_MS) {
  toast({ title: 'Sign In Required', description, variant: 'destructive' });
  setTimeout(() => window.location.assign(loginHref()), delay);
}

/**
 * `(message, action, resume?)`: runs the action for a signed-in user; a visitor gets 'Sign In
 * Required' with the message. A tap that comes while the app still asks who is signed in (just
 * after the page loaded) waits for that answer instead of sending a teacher to the login page.
 * `resume` names the action ("save-job:12") so that it is finished once she is back from signing in:
 * the screen offering it runs it through useResumeAfterSignIn (web/data/pending-action.ts).
 */
export function useSignedInAction() {
  const { isAuthenticated, isLoading } = useAuth();
  const visitor = (message: string, resume?: string) => {
    if (resume) rememberPendingAction(resume);
    signInRequired(message);
  };
  return (message: string, action: () => void, resume?: string) => {
    if (isAuthenticated) return action();
    if (!isLoading) return visitor(message, resume);
    void userAnswer().then((user) => (user ? action() : visitor(message, resume)));
  };
}

/**
 * Runs `run` once when this page was loaded straight after a sign-in that `action`'s tap started,
 * and the user is signed in; a visitor's page drops the pending action.
 */
export function useResumeAfterSignIn(action: string, run: () => void) {
  const { isAuthenticated, isLoading } = useAuth();
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (isLoading) return;
    if (!isAuthenticated) {
      dropCarriedAction();
      return;
    }
    if (claimPendingAction(action)) latest.current();
  }, [action, isAuthenticated, isLoading]);
}
