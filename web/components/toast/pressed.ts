// The control pressed last, for the Toaster: a new toast goes to the top of the screen when, at
// the bottom, it would cover it (a form's submit button low on the screen). Noted from the app's
// start (main.tsx calls notePresses), not from when the Toaster's own chunk has arrived and
// mounted (a later() part): a tap before that, on a slow phone, would otherwise leave the toast
// at the bottom, over the button just pressed.

const CONTROLS = 'button, a, [role=button], input, select, label';
/** How long a control that has left the page still counts, where it was (a tap's replay window). */
const REMEMBER_MS = 10_000;

let pressed: { el: Element; top: number; bottom: number; at: number } | null = null;

function note(e: Event) {
  const el = e.target instanceof Element ? e.target.closest(CONTROLS) : null;
  if (!el) {
    pressed = null;
    return;
  }
  const r = el.getBoundingClientRect();
  pressed = { el, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, at: Date.now() };
}

let noting = false;
/** Starts noting presses (a pointer going down, a key) on the whole document; once is enough. */
export function notePresses(doc: Pick<Document, 'addEventListener'> = document) {
  if (noting) return;
  noting = true;
  doc.addEventListener('pointerdown', note, true);
  doc.addEventListener('keydown', note, true);
}

/**
 * Where the control pressed last is on the screen (px from the viewport's top): where it is now;
 * or, when it has left the page since, where it was when pressed, for 10 s (a part that was still
 * waiting for its chunk can be rendered afresh around a tap, replacing the element tapped by an
 * equal one in the same place: web/lib/later.tsx); null when none.
 */
export function lastPressedBox(): { top: number; bottom: number } | null {
  if (!pressed) return null;
  if (pressed.el.isConnected) {
    const r = pressed.el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  }
  if (Date.now() - pressed.at > REMEMBER_MS) return null;
  return { top: pressed.top - window.scrollY, bottom: pressed.bottom - window.scrollY };
}
