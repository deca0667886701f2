// Every screen at phone size, one visit each (e2e/a11y.helpers.ts): the server's HTML and a clean
// hydration, axe's serious and critical violations, nothing moving as it loads, every target
// thumb-sized and no text under 12 px, and axe's colour rules in the dark theme; the school tabs,
// the salary form with errors, London allowances and the compare picker too.
import { PHONE } from './harness';
import { everyScreenSuite } from './a11y.helpers';

everyScreenSuite('phone', PHONE);
