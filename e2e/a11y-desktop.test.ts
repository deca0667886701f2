// Every screen at desktop size, one visit each (e2e/a11y.helpers.ts): the server's HTML and a clean
// hydration, axe's serious and critical violations, nothing moving as it loads; the school tabs,
// the salary form with errors, London allowances and the compare picker too.
import { DESKTOP } from './harness';
import { everyScreenSuite } from './a11y.helpers';

everyScreenSuite('desktop', DESKTOP);
