// What a visitor asked for before she was sent to sign in, finished once she is back (issue 37
// item 4, decision 0308): "Save this job" saves it, "Report" and "Write a Review" open their
// dialogs. The tap keeps { action, returnTo, at } in sessionStorage (this tab only) just before the
// sign-in redirect; the next page load takes it out at once (so it can never run twice, nor after
// a reload) and keeps it in memory; the screen that offers the action claims it when the user is
// signed in on that same address within 15 minutes, and it is dropped as soon as the page knows
// she is still a visitor (useResumeAfterSignIn, in signed-in.ts). Nothing of it reaches the server.

const KEY = 'tilt:pending-action';
/** Longer than a sign-in takes (the provider's form, a password manager), short enough to be this visit's. */
export const PENDING_ACTION_MAX_AGE_MS = 15 * 60_000;

interface PendingAction {
  action: string;
  returnTo: string;
  at: number;
}

const here = () => location.pathname + location.search;

function isPending(v: unknown): v is PendingAction {
  const p = v as PendingAction | null;
  return !!p && typeof p.action === 'string' && typeof p.returnTo === 'string' && typeof p.at === 'number';
}

/** The action the last page of this tab kept, taken out of storage (so only this load sees it). */
function take(): PendingAction | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    const parsed: unknown = JSON.parse(raw);
    return isPending(parsed) ? parsed : null;
  } catch {
    return null; // storage refused (private mode) or garbage: nothing to finish
  }
}

let carried: PendingAction | null = null;
if (typeof window !== 'undefined') {
  carried = take();
  // Back from the sign-in page without signing in (the page restored from the back-forward cache):
  // what she asked for is forgotten, so a later sign-in in this tab, maybe someone else's, never runs it.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) forgetPendingAction();
  });
}

/** Keeps `action` (e.g. "save-job:12") for after the sign-in this tap is about to start. */
export function rememberPendingAction(action: string, now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ action, returnTo: here(), at: now } satisfies PendingAction));
  } catch {
    // No storage: she signs in and taps again, as before.
  }
}

export function forgetPendingAction() {
  carried = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** True once, for the screen offering `action`, when it is what she asked for on this address and fresh. */
export function claimPendingAction(action: string, now = Date.now()): boolean {
  if (!carried || carried.action !== action) return false;
  const fresh = carried.returnTo === here() && now - carried.at >= 0 && now - carried.at <= PENDING_ACTION_MAX_AGE_MS;
  carried = null;
  return fresh;
}

/** She is a visitor on this page: what the last page kept is not hers to finish. */
export function dropCarriedAction() {
  carried = null;
}

/** For tests: what this page load carries (null when nothing). */
export const carriedPendingAction = () => carried;
/** For tests: as if this page had just loaded. */
export const reloadPendingAction = () => {
  carried = take();
};
