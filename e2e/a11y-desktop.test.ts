// axe on every screen at desktop size: no serious or critical violations, and nothing moves as it
// loads (e2e/layout-shifts.ts); the school tabs, the salary form with errors, London allowances
// and the compare picker are checked too.
import { DESKTOP } from './harness';
import { everyScreenSuite } from './a11y.helpers';

everyScreenSuite('desktop', DESKTOP);
