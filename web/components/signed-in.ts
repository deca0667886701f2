// Whether a tap may run a signed-in action, without the writes' code: a page whose buttons only
// check this (save, write a review) loads the outbox and the toasts' texts when a signed-in
// teacher writes, not with its first render. A visitor's 'Sign In Required' shows at once.
import { loginHref, useAuth, userAnswer } from '../data/auth';
import { toast } from './toast/store';

const LOGIN_REDIRECT_MS = 1500;

/** 'Sign In Required' with the given text, then the login address after 1.5 s (product §6, §8). */
export function signInRequired(description: string, delay = LOGIN_REDIRECT_MS) {
  toast({ title: 'Sign In Required', description, variant: 'destructive' });
  setTimeout(() => window.location.assign(loginHref()), delay);
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
