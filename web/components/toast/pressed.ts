// The control pressed last, for the Toaster: a new toast goes to the top of the screen when, at
// the bottom, it would cover it (a form's submit button low on the screen). Noted from the app's
// start (main.tsx calls notePresses), not from when the Toaster's own chunk has arrived and
// mounted (a later() part): a tap before that, on a slow phone, would otherwise leave the toast
// at the bottom, over the button just pressed. A click on a control notes it too: a tap that React
// could not take yet is clicked again once the part has come (web/lib/later.tsx), sometimes on an
// equal control standing where the tapped one was, and the toast it brings must avoid that one.

const CONTROLS = 'button, a, [role=button], input, select, label';
let pressed: Element | null = null;

function note(e: Event) {
  pressed = e.target instanceof Element ? e.target.closest(CONTROLS) : null;
}
/** A click notes its control, and never clears one (the pointer went down on it already). */
function noteClick(e: Event) {
  const control = e.target instanceof Element ? e.target.closest(CONTROLS) : null;
  if (control) pressed = control;
}

let noting = false;
/** Starts noting presses (a pointer going down, a key, a click) on the whole document; once is enough. */
export function notePresses(doc: Pick<Document, 'addEventListener'> = document) {
  if (noting) return;
  noting = true;
  doc.addEventListener('pointerdown', note, true);
  doc.addEventListener('keydown', note, true);
  doc.addEventListener('click', noteClick, true);
}

/** The control pressed last, while it is still in the page (null when none, or it has gone). */
export function lastPressed(): Element | null {
  return pressed?.isConnected ? pressed : null;
}
