// zod 4 probes `new Function('')` on its first object parse to decide whether to compile fast
// parsers; under our Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that probe is
// blocked and reported as a CSP violation (Lighthouse: "Issues were logged in the Issues panel").
// The browser never gets eval, so tell zod not to try. Imported by web/components/validation.ts,
// the forms' schemas chunk that check() loads on demand, so zod stays out of the first load; the
// server keeps zod's compiled parsers.
import { config } from 'zod/v4/core';

config({ jitless: true });
