// Writes core/route-policy.gen.ts from the route declarations: `npm run routes:policy` (run by
// `npm run build` and `npm run typecheck`). Decision 0006.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { policyModule } from '../route-policy';

export const GENERATED = join(import.meta.dirname, '..', '..', 'core', 'route-policy.gen.ts');

const text = policyModule();
let before = '';
try {
  before = readFileSync(GENERATED, 'utf8');
} catch {
  // not written yet
}
if (before !== text) {
  writeFileSync(GENERATED, text);
  console.log(`route-policy: wrote ${GENERATED}`);
}
