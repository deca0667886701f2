// Whether a tap may run a signed-in action, without the writes' code: a page whose buttons only
// check this (save, share, write a review) loads the toasts' texts and the outbox when a visitor
// taps (the 'Sign In Required' toast) or a signed-in teacher writes, not with its first render.
import { useAuth, userAnswer } from '../data/auth';

/** 'Sign In Required' with the given text, then the login address (writes.ts: signInRequired). */
function signInRequired(message: string) {
  void import('./writes').then((m) => m.signInRequired(message));
}

/**
 * `(message, action)`: runs the action for a signed-in user; a visitor gets 'Sign In Required'
 * with the message. A tap that comes while the app still asks who is signed in (just after the
 * page loaded) waits for that answer instead of sending a teacher to the login page.
 */
export function useSignedInAction() {
  const { isAuthenticated, isLoading } = useAuth();
  return (message: string, action: () => void) => {
    if (isAuthenticated) return action();
    if (!isLoading) return signInRequired(message);
    void userAnswer().then((user) => (user ? action() : signInRequired(message)));
  };
}
